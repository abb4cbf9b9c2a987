/**
 * Beginning an application: the identity app confirms the person (after a captcha, at most
 * STARTS_PER_ADDRESS starts an hour from one address), and the approval makes their application —
 * or resumes their open one — giving this browser a fresh secret, kept only as its SHA-256 and
 * bound to the browser's device id; an earlier browser's secret stops working. A verified e-mail
 * link stands in for the captcha and continues only its own application (email.ts).
 */
import { DRAFT_KEPT_DAYS, type ApplicationKind } from '@tawqi/domain';
import { randomBytes } from 'node:crypto';
import type { NafathPerson } from '../../adapters/nafath/client.js';
import { inTransaction } from '../../db/pool.js';
import type { HandlerContext, Handlers } from '../../http/contractRoutes.js';
import { initiate, verify } from '../auth/identityApp.js';
import { tooSoon } from '../auth/codes.js';
import { requireCaptcha, type Captcha } from '../captcha.js';
import type { PaymentDeps } from '../payments/handlers.js';
import { hit } from '../throttle.js';
import { HOUR, MESSAGES, refuse, tokenHash } from './application.js';
import { resumableLink, spendResumeLink } from './email.js';

/** Starts of the identity-app check from one address in an hour. */
const STARTS_PER_ADDRESS = 10;

export function beginHandlers(deps: PaymentDeps, captcha: Captcha): Handlers {
  return {
    enrolmentNafathVerify: async (context) => {
      const { nationalID, transId, kind, captchaToken, emailLink } = context.input.body;
      const resuming = emailLink ? await resumableLink(deps, emailLink) : null;
      if (resuming && resuming.nationalId !== nationalID)
        throw refuse(422, MESSAGES.notTheApplicant);
      if (!transId) {
        if (!resuming) await requireCaptcha(captcha, captchaToken, context.request.ip);
        const started = await hit(
          deps.pool,
          `enrol-start:${context.request.ip}`,
          STARTS_PER_ADDRESS,
          HOUR,
          deps.clock(),
        );
        if (!started.allowed) throw tooSoon(started.retryAfterSeconds);
        const answer = await initiate(deps, context, 'applicant', nationalID);
        return { ...answer, applicationToken: null };
      }
      const token = randomBytes(32).toString('base64url');
      const answer = await verify(
        deps,
        context,
        'applicant',
        { nationalId: nationalID, transId },
        async (person) => beginApplication(deps, context, person, kind, token, resuming),
      );
      return {
        status: answer.status,
        errorMessage: answer.errorMessage,
        transId,
        random: null,
        applicationToken: answer.status === '1' ? token : null,
      };
    },
  };
}

/**
 * Begins the person's application, or resumes their open one (or the one an e-mail link
 * continues, filed or not), with a new secret for this browser; drafts left longer than
 * DRAFT_KEPT_DAYS are forgotten first.
 */
async function beginApplication(
  deps: PaymentDeps,
  context: HandlerContext,
  person: NafathPerson,
  kind: ApplicationKind,
  token: string,
  linked: { nonce: string; applicationSlno: number } | null,
): Promise<object> {
  const now = deps.clock();
  const forgotten = await inTransaction(deps.pool, async (tx) => {
    const stale = await tx.query<{ unique_file_id: string }>(
      `DELETE FROM documents WHERE application_slno IN (
         SELECT application_slno FROM applications
          WHERE status = 'draft' AND updated_at < $1::timestamptz - make_interval(days => $2))
       RETURNING unique_file_id`,
      [now, DRAFT_KEPT_DAYS],
    );
    await tx.query(
      `DELETE FROM applications
        WHERE status = 'draft' AND updated_at < $1::timestamptz - make_interval(days => $2)`,
      [now, DRAFT_KEPT_DAYS],
    );
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `application:${person.nationalId}`,
    ]);
    if (linked && !(await spendResumeLink(tx, linked.nonce, now)))
      throw refuse(409, MESSAGES.linkSpent);
    const resumed = await tx.query(
      `UPDATE applications SET token_hash = $2, device_id = $3, person = $4, updated_at = $5,
              kind = CASE WHEN status = 'draft' THEN $6 ELSE kind END
        WHERE national_id = $1 AND CASE WHEN $7::int IS NULL THEN status <> 'filed'
                                        ELSE application_slno = $7 END`,
      [
        person.nationalId,
        tokenHash(token),
        context.deviceId,
        person,
        now,
        kind,
        linked?.applicationSlno ?? null,
      ],
    );
    if (resumed.rowCount === 0) {
      const reference = `APP-${randomBytes(6)
        .toString('base64url')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '7')
        .slice(0, 8)}`;
      await tx.query(
        `INSERT INTO applications (reference, token_hash, device_id, kind, national_id, person, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [reference, tokenHash(token), context.deviceId, kind, person.nationalId, person, now],
      );
    }
    return stale.rows.map((row) => row.unique_file_id);
  });
  await deps.documents.forget(forgotten).catch(() => undefined);
  return {};
}
