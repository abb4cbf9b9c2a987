/**
 * Pre-enrolment applications (issue 17; contract `enrolment.ts`, migration 024).
 *
 * - Begun by a person the identity app has just confirmed, after a captcha: the approval makes
 *   (or, for their open one, resumes) their application and gives this browser a fresh secret —
 *   kept here only as its SHA-256, bound to the browser's device id; an earlier browser's secret
 *   stops working. At most ten starts an hour from one address.
 * - Saved as typed while a draft; documents uploaded to it (the checks of every upload); then
 *   submitted with every field in its format, its two documents, the subscriber agreement's
 *   version in force accepted, and a second captcha.
 * - Its e-mail address is verified by a link: `nonce.expiry.signature` (HMAC-SHA256 with a key
 *   from SERVER_SECRET), good for EMAIL_LINK_HOURS, used once, and only the newest one is good;
 *   at most EMAIL_SENDS_PER_HOUR sends an hour per application and per address.
 * - Then its fee where its kind has one (an order of its own, paid at the gateway), and it is
 *   filed (./filing.ts) for its L1 to decide.
 */
import {
  EMAIL_LINK_HOURS,
  EMAIL_SENDS_PER_HOUR,
  DRAFT_KEPT_DAYS,
  REGISTRATION_FEE_HALALAS,
  REGISTRATION_FEE_ITEM,
  maskNationalId,
  toSar,
  type ApplicationKind,
  type ApplicationStatus,
  type Language,
  type PaymentStatus,
  type ReviewRequestStatus,
} from '@tawqi/domain';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { NafathPerson } from '../../adapters/nafath/client.js';
import { inTransaction, type Pool, type Queryable } from '../../db/pool.js';
import type { ApplicantOf, HandlerContext, Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { initiate, verify } from '../auth/identityApp.js';
import { tooSoon } from '../auth/codes.js';
import { recordAcceptance, requireCurrentAgreement } from '../agreements.js';
import { captchaOf, requireCaptcha } from '../captcha.js';
import { checkedUpload, documentOf, storeUpload } from '../documents/documents.js';
import { planAmounts } from '../individual/plans.js';
import {
  payOrder,
  paymentStatusOf,
  placeOrder,
  recheckAtGateway,
  type PaymentDeps,
} from '../payments/handlers.js';
import { newSignedLink, nonceOfSignedLink } from '../signedLinks.js';
import { hit } from '../throttle.js';
import { inLanguage, localWord } from '../words.js';
import { fileApplication } from './filing.js';

/** Starts of the identity-app check from one address in an hour. */
const STARTS_PER_ADDRESS = 10;
const HOUR = 3600;

const MESSAGES = {
  notDraft: {
    en: 'This application has been submitted; it can no longer be changed.',
    ar: 'أُرسل هذا الطلب، ولم يعد تعديله ممكنًا.',
  },
  notAwaitingEmail: {
    en: 'This application is not waiting for its e-mail address to be verified.',
    ar: 'هذا الطلب لا ينتظر التحقق من بريده الإلكتروني.',
  },
  notAwaitingPayment: {
    en: 'This application has no fee to pay now.',
    ar: 'لا توجد رسوم مستحقة على هذا الطلب الآن.',
  },
  provider: {
    en: 'Choose the service provider you apply to.',
    ar: 'اختر مزوّد الخدمة الذي تتقدّم إليه.',
  },
  documents: {
    en: 'Attach the commercial registration and the authorization letter.',
    ar: 'أرفق السجل التجاري وخطاب التفويض.',
  },
  registered: {
    en: 'An organization with this commercial registration number is already registered or applying.',
    ar: 'توجد منشأة مسجّلة أو قيد التسجيل برقم السجل التجاري هذا.',
  },
  place: {
    en: 'Choose the country, region and city again.',
    ar: 'اختر الدولة والمنطقة والمدينة مرة أخرى.',
  },
  notFound: {
    en: 'This document is not part of your application.',
    ar: 'هذا المستند ليس من مستندات طلبك.',
  },
} as const satisfies Record<string, Record<Language, string>>;

const refuse = (status: number, message: Record<Language, string>) =>
  new AppError(status, status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED', { localized: message });

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The application a request's X-APPLICATION-TOKEN names, in the browser it was given to. */
export function applicantResolver(pool: Pool): ApplicantOf {
  return async (request: FastifyRequest) => {
    const token = request.headers['x-application-token'];
    const device = request.headers['x-device-id'];
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null;
    const { rows } = await pool.query<{ application_slno: number }>(
      `SELECT application_slno FROM applications WHERE token_hash = $1 AND device_id = $2`,
      [tokenHash(token), typeof device === 'string' ? device.slice(0, 200) : ''],
    );
    const [row] = rows;
    return row ? { applicationSlno: row.application_slno } : null;
  };
}

interface ApplicationRow {
  application_slno: number;
  reference: string;
  kind: ApplicationKind;
  status: ApplicationStatus;
  person: NafathPerson;
  national_id: string;
  l1_sip_slno: number | null;
  details: Record<string, unknown>;
  email: string | null;
  email_verified_at: Date | null;
  submitted_at: Date | null;
  l2_request_slno: number | null;
}

export function enrolmentHandlers(deps: PaymentDeps): Handlers {
  const { pool } = deps;
  const captcha = captchaOf(deps);
  const fee = (kind: ApplicationKind) =>
    REGISTRATION_FEE_HALALAS[kind] > 0 ? planAmounts(deps, REGISTRATION_FEE_HALALAS[kind]) : null;

  const applicationRow = async (db: Queryable, slno: number, lock = false) => {
    const [row] = (
      await db.query<ApplicationRow>(
        `SELECT application_slno, reference, kind, status, person, national_id, l1_sip_slno, details, email,
                email_verified_at, submitted_at, l2_request_slno
           FROM applications WHERE application_slno = $1${lock ? ' FOR UPDATE' : ''}`,
        [slno],
      )
    ).rows;
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return row;
  };

  /** The application's fee payments, newest first (one of them, when named). */
  const feePayments = async (slno: number, encoded: string | null = null) =>
    (
      await pool.query<{
        encoded_id: string;
        order_encoded: string;
        status: PaymentStatus;
        amount_halalas: number;
        error_message: string | null;
        gateway_ref: string | null;
        settled: boolean;
        category: 'registration';
      }>(
        `SELECT pay.encoded_id, o.encoded_id AS order_encoded, o.category, pay.status, pay.amount_halalas,
                pay.error_message, pay.gateway_ref, o.settled_payment_slno IS NOT NULL AS settled
           FROM orders o JOIN payments pay USING (order_slno)
          WHERE o.application_slno = $1 AND ($2::text IS NULL OR pay.encoded_id = $2)
          ORDER BY pay.created_at DESC, pay.payment_slno DESC LIMIT 1`,
        [slno, encoded],
      )
    ).rows[0] ?? null;

  /** The application as its applicant reads it. */
  const view = async (slno: number, language: Language) => {
    const row = await applicationRow(pool, slno);
    const [documents, payment, decision] = await Promise.all([
      pool.query<Parameters<typeof documentOf>[0]>(
        `SELECT document_slno, unique_file_id, category, name, media_type, size, user_request_slno, l2_request_slno
           FROM documents WHERE application_slno = $1 ORDER BY document_slno`,
        [slno],
      ),
      feePayments(slno),
      row.l2_request_slno === null
        ? null
        : pool
            .query<{
              status: ReviewRequestStatus;
              remarks: string | null;
              decided_at: Date | null;
              name_en: string;
              name_ar: string;
            }>(
              `SELECT r.status, r.remarks, r.decided_at, p.name_en, p.name_ar
                 FROM l2_requests r JOIN service_providers p ON p.sip_slno = r.l1_sip_slno
                WHERE r.request_slno = $1`,
              [row.l2_request_slno],
            )
            .then((result) => result.rows[0] ?? null),
    ]);
    const amounts = fee(row.kind);
    return {
      reference: row.reference,
      kind: row.kind,
      status: row.status,
      applicant: {
        fullNameEnglish: row.person.fullNameEnglish,
        fullNameArabic: row.person.fullNameArabic,
        nationalID: maskNationalId(row.national_id),
      },
      l1SipSlNo: row.l1_sip_slno,
      details: row.details,
      documents: documents.rows.map((document) => documentOf(document, language)),
      email: row.email,
      emailVerified: row.email_verified_at !== null,
      fee: amounts
        ? {
            price: toSar(amounts.price),
            tax: toSar(amounts.tax),
            totalPrice: toSar(amounts.totalPrice),
          }
        : null,
      paid: payment?.settled ?? false,
      payment: payment ? paymentStatusOf(payment, language) : null,
      submittedAt: row.submitted_at?.toISOString() ?? null,
      decision: decision
        ? {
            status: decision.status,
            statusLabel: localWord(decision.status, language),
            remarks: decision.remarks,
            decidedAt: decision.decided_at?.toISOString() ?? null,
            providerName: inLanguage(decision.name_en, decision.name_ar, language),
          }
        : null,
    };
  };

  /** Sends a new verification link (the earlier ones stop being good), within the limits. */
  const sendLink = async (slno: number, email: string, reference: string) => {
    const now = deps.clock();
    for (const bucket of [`email-link:${String(slno)}`, `email-link-to:${email.toLowerCase()}`]) {
      const allowed = await hit(pool, bucket, EMAIL_SENDS_PER_HOUR, HOUR, now);
      if (!allowed.allowed) throw tooSoon(allowed.retryAfterSeconds);
    }
    const expiresAt = new Date(now.getTime() + EMAIL_LINK_HOURS * HOUR * 1000);
    const { nonce, token } = newSignedLink(deps.keys.emailLinks, 'email-link', expiresAt);
    await inTransaction(pool, async (tx) => {
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
  };

  /** After the e-mail is verified or the fee paid: files it when nothing else is owed. */
  const advance = async (tx: Queryable, row: ApplicationRow, context: HandlerContext) => {
    if (fee(row.kind)) {
      await tx.query(
        `UPDATE applications SET status = 'paymentPending', updated_at = $2 WHERE application_slno = $1`,
        [row.application_slno, deps.clock()],
      );
      return 'paymentPending' as const;
    }
    await fileApplication(tx, deps, row.application_slno, context.audit);
    return 'filed' as const;
  };

  /** An active L1 provider, or a refusal. */
  const requireProvider = async (db: Queryable, sipSlno: number | null) => {
    if (sipSlno === null) return null;
    const found = await db.query(
      `SELECT 1 FROM service_providers WHERE sip_slno = $1 AND level = 'L1' AND status = 'active'`,
      [sipSlno],
    );
    if (found.rowCount !== 1) throw refuse(400, MESSAGES.provider);
    return sipSlno;
  };

  const requireDraft = (row: ApplicationRow) => {
    if (row.status !== 'draft') throw refuse(409, MESSAGES.notDraft);
  };

  return {
    captchaChallenge: async () => captcha.challenge(),

    recaptchaClientKey: () =>
      Promise.resolve({ clientKey: captcha.clientKey, provider: captcha.provider }),

    enrolmentProviders: async ({ language }) => {
      const { rows } = await pool.query<{ sip_slno: number; name_en: string; name_ar: string }>(
        `SELECT sip_slno, name_en, name_ar FROM service_providers
          WHERE level = 'L1' AND status = 'active' ORDER BY name_en, sip_slno`,
      );
      return {
        dataList: rows.map((row) => ({
          sipSlNo: row.sip_slno,
          name: inLanguage(row.name_en, row.name_ar, language),
        })),
      };
    },

    enrolmentNafathVerify: async (context) => {
      const { nationalID, transId, kind, captchaToken } = context.input.body;
      if (!transId) {
        await requireCaptcha(captcha, captchaToken, context.request.ip);
        const started = await hit(
          pool,
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
        (person) => beginApplication(context, person, kind, token),
      );
      return {
        status: answer.status,
        errorMessage: answer.errorMessage,
        transId,
        random: null,
        applicationToken: answer.status === '1' ? token : null,
      };
    },

    myApplication: async ({ applicant, language }) => view(requireApplicant(applicant), language),

    saveApplication: async ({ applicant, input, language }) => {
      const slno = requireApplicant(applicant);
      await inTransaction(pool, async (tx) => {
        requireDraft(await applicationRow(tx, slno, true));
        const provider = await requireProvider(tx, input.body.l1SipSlNo);
        await tx.query(
          `UPDATE applications SET kind = $2, l1_sip_slno = $3, details = $4, updated_at = $5
            WHERE application_slno = $1`,
          [slno, input.body.kind, provider, input.body.details, deps.clock()],
        );
      });
      return view(slno, language);
    },

    uploadApplicationDocument: async ({ applicant, input, upload, language, audit }) => {
      const slno = requireApplicant(applicant);
      requireDraft(await applicationRow(pool, slno));
      const file = await checkedUpload(upload, input.query.name);
      return documentOf(
        await storeUpload(deps, { applicationSlno: slno }, input.query.category, file, audit),
        language,
      );
    },

    removeApplicationDocument: async ({ applicant, input }) => {
      const slno = requireApplicant(applicant);
      requireDraft(await applicationRow(pool, slno));
      const removed = await pool.query(
        `DELETE FROM documents WHERE application_slno = $1 AND unique_file_id = $2
            AND l2_request_slno IS NULL`,
        [slno, input.body.uniqueFileId],
      );
      if (removed.rowCount !== 1) throw refuse(404, MESSAGES.notFound);
      await deps.documents.forget([input.body.uniqueFileId]).catch(() => undefined);
      return { status: '1', errorMessage: null };
    },

    submitApplication: async (context) => {
      const slno = requireApplicant(context.applicant);
      const { body } = context.input;
      requireCurrentAgreement(body.agreementVersion);
      await requireCaptcha(captcha, body.captchaToken, context.request.ip);
      const now = deps.clock();
      const row = await inTransaction(pool, async (tx) => {
        const current = await applicationRow(tx, slno, true);
        requireDraft(current);
        await requireProvider(tx, body.l1SipSlNo);
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
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
          `cr:${body.details.crNumber}`,
        ]);
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
        await tx.query(
          `UPDATE applications SET kind = $2, l1_sip_slno = $3, details = $4, email = $5,
                  status = 'emailPending', submitted_at = $6, updated_at = $6
            WHERE application_slno = $1`,
          [slno, body.kind, body.l1SipSlNo, body.details, body.details.email, now],
        );
        await recordAcceptance(tx, context, { applicationSlno: slno }, now);
        return current;
      });
      await sendLink(slno, body.details.email, row.reference);
      return view(slno, context.language);
    },

    resendApplicationEmail: async ({ applicant }) => {
      const slno = requireApplicant(applicant);
      const row = await applicationRow(pool, slno);
      if (row.status !== 'emailPending' || !row.email) throw refuse(409, MESSAGES.notAwaitingEmail);
      await sendLink(slno, row.email, row.reference);
      return { status: '1', errorMessage: null };
    },

    verifyApplicationEmail: async (context) => {
      const nonce = nonceOfSignedLink(deps.keys.emailLinks, 'email-link', context.input.body.token);
      const invalid = { outcome: 'invalid' as const, reference: null, status: null };
      if (!nonce) return invalid;
      return inTransaction(pool, async (tx) => {
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
        const status = await advance(tx, row, context);
        return { outcome: 'verified' as const, reference: row.reference, status };
      });
    },

    payApplicationFee: async ({ applicant, audit }) => {
      const slno = requireApplicant(applicant);
      const row = await applicationRow(pool, slno);
      const amounts = fee(row.kind);
      if (row.status !== 'paymentPending' || !amounts)
        throw refuse(409, MESSAGES.notAwaitingPayment);
      // One fee order per application, whatever key a retry comes with.
      const order = await placeOrder(deps, pool, audit, 'registration-fee', {
        owner: { kind: 'application', applicationSlno: slno },
        category: 'registration',
        planSlno: null,
        quantity: 1,
        amounts,
        lines: [],
        item: REGISTRATION_FEE_ITEM[row.kind],
      });
      return payOrder(deps, audit, order.order_slno);
    },

    applicationPaymentStatus: async ({ applicant, input, language, audit }) => {
      const slno = requireApplicant(applicant);
      const find = () => feePayments(slno, input.body.encodedPaymentSlno);
      const payment = await find();
      // Another application's payment is not found.
      if (!payment) throw new AppError(404, 'NOT_FOUND');
      if (input.body.recheck) await recheckAtGateway(deps, payment, audit);
      return paymentStatusOf((await find()) ?? payment, language);
    },
  };

  /**
   * Begins the person's application, or resumes their open one, with a new secret for this
   * browser; drafts left longer than DRAFT_KEPT_DAYS are forgotten first.
   */
  async function beginApplication(
    context: HandlerContext,
    person: NafathPerson,
    kind: ApplicationKind,
    token: string,
  ): Promise<object> {
    const now = deps.clock();
    const forgotten = await inTransaction(pool, async (tx) => {
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
      const resumed = await tx.query(
        `UPDATE applications SET token_hash = $2, device_id = $3, person = $4, updated_at = $5,
                kind = CASE WHEN status = 'draft' THEN $6 ELSE kind END
          WHERE national_id = $1 AND status <> 'filed'`,
        [person.nationalId, tokenHash(token), context.deviceId, person, now, kind],
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
}

function requireApplicant(applicant: { applicationSlno: number } | null): number {
  if (!applicant) throw new AppError(401, 'UNAUTHENTICATED');
  return applicant.applicationSlno;
}
