/**
 * A world of a test's own: a provider, an organization under it and its people, made fresh for
 * each call by the demo world's own writers (its units, contacts, eSign lots and seats), so that
 * a test does not lean on the demo world's ids and people, and the demo world can change.
 */
import { randomInt } from 'node:crypto';
import type { OrganizationRole } from '@tawqi/domain';
import { inTransaction } from '../src/db/pool.js';
import {
  writeMember,
  writeOrganization,
  writeProvider,
  type WorldProvider,
} from '../src/demo/world.js';
import { validNationalId, type Harness } from './harness.js';

type Owner = Pick<Harness, 'ownerPool' | 'clock'>;

/** The next number of a serial column: never one the demo world wrote, nor another test's. */
async function nextSlno(h: Owner, table: string, column: string): Promise<number> {
  const { rows } = await h.ownerPool.query<{ next: string }>(
    'SELECT nextval(pg_get_serial_sequence($1, $2)) AS next',
    [table, column],
  );
  return Number(rows[0]?.next);
}

/** A fresh L1 provider (or an L2 under `parent`): its slno. */
export async function freshProvider(h: Owner, parent?: number): Promise<number> {
  const slno = await nextSlno(h, 'service_providers', 'sip_slno');
  const provider: WorldProvider = {
    slno,
    id: `TEST-${String(slno)}`,
    en: `Test Trust Services ${String(slno)}`,
    ar: `خدمات الثقة التجريبية ${String(slno)}`,
    level: parent === undefined ? 'L1' : 'L2',
    ...(parent === undefined ? {} : { parent }),
  };
  await inTransaction(h.ownerPool, (client) => writeProvider(client, provider));
  return slno;
}

export interface FreshPerson {
  userSlno: number;
  nationalId: string;
  name: string;
}

/**
 * A fresh organization under a fresh provider (or `sip`), with an eSign stock and seats as the
 * demo's organizations have, and one member for each roles given (an Enrolment Admin by default).
 */
export async function freshOrganization(
  h: Owner,
  options: { sip?: number; members?: OrganizationRole[][] } = {},
): Promise<{ orgSlno: number; sipSlno: number; members: FreshPerson[] }> {
  const sipSlno = options.sip ?? (await freshProvider(h));
  const orgSlno = await nextSlno(h, 'organizations', 'org_slno');
  // The ledger's postings need a transaction.
  const members = await inTransaction(h.ownerPool, async (client) => {
    await writeOrganization(
      client,
      {
        slno: orgSlno,
        type: 1,
        sip: sipSlno,
        en: `Test Company ${String(orgSlno)}`,
        ar: `شركة الاختبار ${String(orgSlno)}`,
        city: 'Riyadh',
        region: 'Riyadh Region',
      },
      h.clock.now,
    );
    const made: FreshPerson[] = [];
    for (const roles of options.members ?? [['enrolmentAdmin']]) {
      const stem = `1${String(randomInt(10_000_000, 100_000_000))}`;
      const name = `Member ${stem} of ${String(orgSlno)}`;
      const userSlno = await writeMember(
        client,
        {
          nationalIdStem: stem,
          en: name,
          ar: `العضو ${stem}`,
          username: `member${stem}`,
          mobile: `05${stem.slice(-8)}`,
          email: `member${stem}@org${String(orgSlno)}.test`,
          memberships: [{ org: orgSlno, roles }],
          role: roles.join(', '),
        },
        { now: h.clock.now, nationalIdOf: validNationalId, passwordHash: 'not for signing in' },
      );
      made.push({ userSlno, nationalId: validNationalId(stem), name });
    }
    return made;
  });
  return { orgSlno, sipSlno, members };
}
