/**
 * Submitting an application: every field in its format, its two documents, a place that exists,
 * a commercial registration no other organization has or is applying with, the subscriber
 * agreement's version in force accepted, and a second captcha; then its e-mail address is asked
 * to be verified (email.ts).
 */
import type { CONTRACT } from '@tawqi/api';
import { inTransaction, type Queryable } from '../../db/pool.js';
import type { HandlerContext, Handlers } from '../../http/contractRoutes.js';
import { recordAcceptance, requireCurrentAgreement } from '../agreements.js';
import { requireCaptcha, type Captcha } from '../captcha.js';
import type { PaymentDeps } from '../payments/handlers.js';
import {
  MESSAGES,
  applicationRow,
  applicationView,
  refuse,
  requireApplicant,
  requireDraft,
  requireProvider,
} from './application.js';
import { sendEmailLink } from './email.js';

type Submitted = HandlerContext<typeof CONTRACT.submitApplication>['input']['body'];

export function submitHandlers(deps: PaymentDeps, captcha: Captcha): Handlers {
  return {
    submitApplication: async (context) => {
      const slno = requireApplicant(context.applicant);
      const { body } = context.input;
      requireCurrentAgreement(body.agreementVersion);
      await requireCaptcha(captcha, body.captchaToken, context.request.ip);
      const now = deps.clock();
      const row = await inTransaction(deps.pool, async (tx) => {
        const current = await applicationRow(tx, slno, true);
        requireDraft(current);
        await requireProvider(tx, body.l1SipSlNo);
        await requireComplete(tx, slno, body);
        await tx.query(
          `UPDATE applications SET kind = $2, l1_sip_slno = $3, details = $4, email = $5,
                  status = 'emailPending', submitted_at = $6, updated_at = $6
            WHERE application_slno = $1`,
          [slno, body.kind, body.l1SipSlNo, body.details, body.details.email, now],
        );
        await recordAcceptance(tx, context, { applicationSlno: slno }, now);
        return current;
      });
      await sendEmailLink(deps, slno, body.details.email, row.reference);
      return applicationView(deps, slno, context.language);
    },
  };
}

/** Its two documents, a place that exists, and a commercial registration of its own. */
async function requireComplete(tx: Queryable, slno: number, body: Submitted) {
  const categories = (
    await tx.query<{ category: string }>(
      'SELECT DISTINCT category FROM documents WHERE application_slno = $1',
      [slno],
    )
  ).rows.map((document) => document.category);
  if (!['commercialRegistration', 'authorizationLetter'].every((c) => categories.includes(c)))
    throw refuse(400, MESSAGES.documents);
  const place = await tx.query(
    `SELECT 1 FROM cities c JOIN regions r ON r.state_slno = c.state_slno
      WHERE c.city_slno = $1 AND r.state_slno = $2 AND r.country_slno = $3`,
    [
      Number(body.details.citySlno),
      Number(body.details.stateSlno),
      Number(body.details.countrySlno),
    ],
  );
  if (place.rowCount !== 1) throw refuse(400, MESSAGES.place);
  // One organization per commercial registration: registered, or applying now.
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`cr:${body.details.crNumber}`]);
  const taken = await tx.query(
    `SELECT 1 FROM organizations WHERE cr_number = $1
     UNION ALL
     SELECT 1 FROM applications WHERE application_slno <> $2 AND status <> 'draft'
        AND details->>'crNumber' = $1 AND (status <> 'filed' OR EXISTS (
          SELECT 1 FROM l2_requests r WHERE r.request_slno = applications.l2_request_slno
             AND r.status <> 'Rejected'))`,
    [body.details.crNumber, slno],
  );
  if ((taken.rowCount ?? 0) > 0) throw refuse(409, MESSAGES.registered);
}
