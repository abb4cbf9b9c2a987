/**
 * The hot path of every signed-in call: is the session live, and — for an
 * organization or provider call — which of the caller's tenants does the request name.
 *
 * The checks asked within one turn of the event loop are answered by one statement per tenant
 * kind (DataLoader gathers them until the loop's check phase). Each check is still a read of the
 * database made after its request arrived — nothing is cached — so a revocation or a role change
 * committed before a request is seen by it. What batching saves is the round trip per request: on
 * this 2-core machine a statement's socket write and the wake-up of a PostgreSQL backend cost
 * more than the statement itself, and fifty concurrent requests would otherwise pay that fifty
 * times.
 */
import type { TenantField } from '@tawqi/api';
import DataLoader from 'dataloader';
import type { Pool } from '../../db/pool.js';
import { liveSessionsCte } from '../sessions/sessions.js';
import { contextOf, tenantQuery, type TenantContext, type TenantRow } from './tenancy.js';

export interface LiveCheck {
  sessionId: string;
  now: Date;
  userSlno: number;
  /** The tenant the request names; absent for a call of the signed-in user's own. */
  tenant?: { kind: TenantField['kind']; value: number };
}

/** Null when the session is not live; else the caller's tenants the check names (none for none). */
export type LiveAnswer = TenantContext[] | null;

type Kind = TenantField['kind'] | 'session';

/** More than this in one turn waits for the next statement (bounded arrays, bounded plans). */
const MOST_PER_STATEMENT = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function statementOf(kind: Kind): string {
  const asked = `asked AS (
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::integer[], $4::integer[])
         WITH ORDINALITY AS a(session_id, now, user_slno, value, i)
     )`;
  const live = liveSessionsCte('asked', '$5');
  if (kind === 'session')
    return `WITH ${asked}, ${live} SELECT live.i, NULL::integer AS sip_slno FROM live`;
  return `WITH ${asked}, ${live}
    SELECT live.i, tenant.* FROM live JOIN asked a ON a.i = live.i
      LEFT JOIN LATERAL (${tenantQuery(kind, 'a.user_slno', 'a.value')}) AS tenant ON true`;
}

export function createLiveChecks(pool: Pool, idleMinutes: number) {
  const loaderOf = (kind: Kind) =>
    new DataLoader<LiveCheck, LiveAnswer>(
      async (checks) => {
        // Named: prepared once per connection, not parsed and planned on every batch.
        const result = await pool.query<
          { i: number } & (TenantRow | Record<keyof TenantRow, null>)
        >({
          name: `live-checks-${kind}`,
          text: statementOf(kind),
          values: [
            checks.map((check) => check.sessionId),
            checks.map((check) => check.now),
            checks.map((check) => check.userSlno),
            checks.map((check) => check.tenant?.value ?? 0),
            idleMinutes,
          ],
        });
        const answers: LiveAnswer[] = checks.map(() => null);
        for (const row of result.rows) {
          const tenants = (answers[row.i - 1] ??= []);
          if (row.sip_slno !== null) tenants.push(contextOf(row));
        }
        return answers;
      },
      {
        cache: false,
        maxBatchSize: MOST_PER_STATEMENT,
        // After the loop's poll phase: every request whose bytes arrived in it is in the batch.
        batchScheduleFn: (run) => setImmediate(run),
      },
    );
  const loaders: Record<Kind, DataLoader<LiveCheck, LiveAnswer>> = {
    session: loaderOf('session'),
    organization: loaderOf('organization'),
    organizationQueryId: loaderOf('organizationQueryId'),
    provider: loaderOf('provider'),
  };
  return {
    /** Whether the check's session is live (touched), and the tenants it names. */
    check(check: LiveCheck): Promise<LiveAnswer> {
      // Our own tokens carry our own UUIDs; anything else would fail the whole batch's cast.
      if (!UUID.test(check.sessionId)) return Promise.resolve(null);
      return loaders[check.tenant?.kind ?? 'session'].load(check);
    },
  };
}
