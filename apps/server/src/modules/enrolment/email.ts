/**
 * An application's e-mail address, verified by a link: `nonce.expiry.signature` (HMAC-SHA256 with
 * a key from SERVER_SECRET), good for EMAIL_LINK_HOURS, used once, and only the newest one is
 * good; at most EMAIL_SENDS_PER_HOUR sends an hour per application and per address. Verified,
 * the application goes on to its fee, or is filed when its kind has none.
 *
 * A mail app opens the link in a tab that does not hold the application: until it expires, the
 * verified link also continues that application there, once, after its applicant proves who they
 * are in the identity app (the link stands in for the robot check).
 */
import { EMAIL_LINK_HOURS, EMAIL_SENDS_PER_HOUR } from '@tawqi/domain';
import { inTransaction, type Queryable } from '../../db/pool.js';
import type { HandlerContext, Handlers } from '../../http/contractRoutes.js';
import { tooSoon } from '../auth/codes.js';
import type { PaymentDeps } from '../payments/handlers.js';
import { newSignedLink, nonceOfSignedLink } from '../signedLinks.js';
import { hit } from '../throttle.js';
import {
  HOUR,
  MESSAGES,
  applicationRow,
  feeOf,
  refuse,
  requireApplicant,
  type ApplicationRow,
} from './application.js';
import { fileApplication } from './filing.js';

/** Sends a new verification link (the earlier ones stop being good), within the limits. */
export async function sendEmailLink(
  deps: PaymentDeps,
  slno: number,
  email: string,
  reference: string,
) {
  const now = deps.clock();
  for (const bucket of [`email-link:${String(slno)}`, `email-link-to:${email.toLowerCase()}`]) {
    const allowed = await hit(deps.pool, bucket, EMAIL_SENDS_PER_HOUR, HOUR, now);
    if (!allowed.allowed) throw tooSoon(allowed.retryAfterSeconds);
  }
  const expiresAt = new Date(now.getTime() + EMAIL_LINK_HOURS * HOUR * 1000);
  const { nonce, token } = newSignedLink(deps.keys.emailLinks, 'email-link', expiresAt);
  await inTransaction(deps.pool, async (tx) => {
    await tx.query(
      `UPDATE email_links SET superseded_at = $2
        WHERE application_slno = $1 AND used_at IS NULL AND superseded_at IS NULL`,
      [slno, now],
    );
    await tx.query(
      `INSERT INTO email_links (nonce, application_slno, email, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [nonce, slno, email, now, expiresAt],
    );
  });
  const link = `${deps.config.publicOrigin}/email-verification?token=${token}`;
  await deps.notifier.send(
    {
      channel: 'email',
      recipient: email,
      subject: `تأكيد البريد الإلكتروني لطلب ${reference} / Verify the e-mail address of application ${reference}`,
      body:
        `لتأكيد بريدك الإلكتروني لطلب التسجيل ${reference} في توقيع، افتح الرابط التالي خلال ${new Intl.NumberFormat('ar-SA').format(EMAIL_LINK_HOURS)} ساعة:\n${link}\n\n` +
        `To verify your e-mail address for Tawqi application ${reference}, open this link within ${String(EMAIL_LINK_HOURS)} hours:\n${link}\n\n` +
        'إن لم تطلب ذلك فتجاهل هذه الرسالة. / If you did not ask for this, ignore this message.',
    },
    now,
  );
}

/** After the e-mail is verified: its fee is asked for, or it is filed when it has none. */
async function afterVerified(
  deps: PaymentDeps,
  tx: Queryable,
  row: ApplicationRow,
  context: HandlerContext,
) {
  if (feeOf(deps, row.kind)) {
    await tx.query(
      `UPDATE applications SET status = 'paymentPending', updated_at = $2 WHERE application_slno = $1`,
      [row.application_slno, deps.clock()],
    );
    return 'paymentPending' as const;
  }
  await fileApplication(tx, deps, row.application_slno, context.audit);
  return 'filed' as const;
}

/** The verified, unexpired link that has not continued its application yet, and whose it is. */
export async function resumableLink(
  deps: PaymentDeps,
  token: string,
): Promise<{ nonce: string; applicationSlno: number; nationalId: string }> {
  const nonce = nonceOfSignedLink(deps.keys.emailLinks, 'email-link', token);
  const [link] = nonce
    ? (
        await deps.pool.query<{ application_slno: number; national_id: string }>(
          `SELECT a.application_slno, a.national_id FROM email_links l
             JOIN applications a ON a.application_slno = l.application_slno
            WHERE l.nonce = $1 AND l.used_at IS NOT NULL AND l.resumed_at IS NULL
              AND l.superseded_at IS NULL AND l.expires_at > $2 AND a.email = l.email`,
          [nonce, deps.clock()],
        )
      ).rows
    : [];
  if (!nonce || !link) throw refuse(409, MESSAGES.linkSpent);
  return { nonce, applicationSlno: link.application_slno, nationalId: link.national_id };
}

/**
 * Marks the link as having continued its application, in the change that continues it (a link
 * is spent exactly when its application moved to this browser); false when it already had.
 */
export async function spendResumeLink(tx: Queryable, nonce: string, now: Date): Promise<boolean> {
  const spent = await tx.query(
    'UPDATE email_links SET resumed_at = $2 WHERE nonce = $1 AND resumed_at IS NULL',
    [nonce, now],
  );
  return spent.rowCount === 1;
}

export function emailHandlers(deps: PaymentDeps): Handlers {
  return {
    resendApplicationEmail: async ({ applicant }) => {
      const slno = requireApplicant(applicant);
      const row = await applicationRow(deps.pool, slno);
      if (row.status !== 'emailPending' || !row.email) throw refuse(409, MESSAGES.notAwaitingEmail);
      await sendEmailLink(deps, slno, row.email, row.reference);
      return { status: '1', errorMessage: null };
    },

    verifyApplicationEmail: async (context) => {
      const nonce = nonceOfSignedLink(deps.keys.emailLinks, 'email-link', context.input.body.token);
      const invalid = { outcome: 'invalid' as const, reference: null, status: null, kind: null };
      if (!nonce) return invalid;
      return inTransaction(deps.pool, async (tx) => {
        const [link] = (
          await tx.query<{
            application_slno: number;
            email: string;
            expires_at: Date;
            used_at: Date | null;
            superseded_at: Date | null;
          }>(
            `SELECT application_slno, email, expires_at, used_at, superseded_at
               FROM email_links WHERE nonce = $1 FOR UPDATE`,
            [nonce],
          )
        ).rows;
        if (!link) return invalid;
        const row = await applicationRow(tx, link.application_slno, true);
        const said = (outcome: 'expired' | 'used' | 'superseded') => ({
          outcome,
          reference: row.reference,
          status: row.status,
          kind: row.kind,
        });
        if (link.used_at) return said('used');
        if (link.superseded_at || row.email !== link.email) return said('superseded');
        if (deps.clock() >= link.expires_at) return said('expired');
        const now = deps.clock();
        await tx.query('UPDATE email_links SET used_at = $2 WHERE nonce = $1', [nonce, now]);
        await tx.query(
          'UPDATE applications SET email_verified_at = $2, updated_at = $2 WHERE application_slno = $1',
          [row.application_slno, now],
        );
        const status = await afterVerified(deps, tx, row, context);
        return { outcome: 'verified' as const, reference: row.reference, status, kind: row.kind };
      });
    },
  };
}
