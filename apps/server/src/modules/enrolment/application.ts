/**
 * A pre-enrolment application as its applicant's calls share it: its row, its fee and payments,
 * what the applicant reads of it, and the refusals they meet.
 */
import {
  REGISTRATION_FEE_HALALAS,
  maskNationalId,
  toSar,
  type ApplicationKind,
  type ApplicationStatus,
  type Language,
  type PaymentStatus,
  type ReviewRequestStatus,
} from '@tawqi/domain';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { NafathPerson } from '../../adapters/nafath/client.js';
import type { Pool, Queryable } from '../../db/pool.js';
import type { ApplicantOf } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { documentOf } from '../documents/documents.js';
import { planAmounts } from '../individual/plans.js';
import { paymentStatusOf, type PaymentDeps } from '../payments/handlers.js';
import { inLanguage, localWord } from '../words.js';

export const HOUR = 3600;

export const MESSAGES = {
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
  linkSpent: {
    en: 'This link can no longer continue the application. Your application is kept: verify who you are from Create account to continue it.',
    ar: 'لم يعد هذا الرابط يكمل الطلب. طلبك محفوظ: تحقّق من هويتك من صفحة إنشاء حساب لإكماله.',
  },
  notTheApplicant: {
    en: 'This identity number is not the one the application was made with.',
    ar: 'رقم الهوية هذا ليس الرقم الذي قُدّم به الطلب.',
  },
  notFound: {
    en: 'This document is not part of your application.',
    ar: 'هذا المستند ليس من مستندات طلبك.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export const refuse = (status: number, message: Record<Language, string>) =>
  new AppError(status, status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED', { localized: message });

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

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

export interface ApplicationRow {
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

export function requireApplicant(applicant: { applicationSlno: number } | null): number {
  if (!applicant) throw new AppError(401, 'UNAUTHENTICATED');
  return applicant.applicationSlno;
}

export async function applicationRow(db: Queryable, slno: number, lock = false) {
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
}

export const requireDraft = (row: ApplicationRow) => {
  if (row.status !== 'draft') throw refuse(409, MESSAGES.notDraft);
};

/** An active L1 provider, or a refusal. */
export async function requireProvider(db: Queryable, sipSlno: number | null) {
  if (sipSlno === null) return null;
  const found = await db.query(
    `SELECT 1 FROM service_providers WHERE sip_slno = $1 AND level = 'L1' AND status = 'active'`,
    [sipSlno],
  );
  if (found.rowCount !== 1) throw refuse(400, MESSAGES.provider);
  return sipSlno;
}

/** The fee of an application's kind, with its VAT; null for a kind without one. */
export const feeOf = (deps: Pick<PaymentDeps, 'config'>, kind: ApplicationKind) =>
  REGISTRATION_FEE_HALALAS[kind] > 0 ? planAmounts(deps, REGISTRATION_FEE_HALALAS[kind]) : null;

/** The application's fee payments, newest first (one of them, when named). */
export const feePayments = async (pool: Pool, slno: number, encoded: string | null = null) =>
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

/** The L1's decision on a filed application, with the provider's names. */
async function decisionOf(pool: Pool, l2RequestSlno: number | null) {
  if (l2RequestSlno === null) return null;
  const { rows } = await pool.query<{
    status: ReviewRequestStatus;
    remarks: string | null;
    decided_at: Date | null;
    name_en: string;
    name_ar: string;
  }>(
    `SELECT r.status, r.remarks, r.decided_at, p.name_en, p.name_ar
       FROM l2_requests r JOIN service_providers p ON p.sip_slno = r.l1_sip_slno
      WHERE r.request_slno = $1`,
    [l2RequestSlno],
  );
  return rows[0] ?? null;
}

/** The application as its applicant reads it. */
export async function applicationView(
  deps: Pick<PaymentDeps, 'pool' | 'config'>,
  slno: number,
  language: Language,
) {
  const { pool } = deps;
  const row = await applicationRow(pool, slno);
  const [documents, payment, decision] = await Promise.all([
    pool.query<Parameters<typeof documentOf>[0]>(
      `SELECT document_slno, unique_file_id, category, name, media_type, size, user_request_slno, l2_request_slno
         FROM documents WHERE application_slno = $1 ORDER BY document_slno`,
      [slno],
    ),
    feePayments(pool, slno),
    decisionOf(pool, row.l2_request_slno),
  ]);
  const amounts = feeOf(deps, row.kind);
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
}
