/**
 * A certificate request as every step of it reads it (certificates.ts puts the steps together):
 * its row and answer, the holder's own request and certificate, the words of its refusals, and
 * the request a paid order opens (`fulfilCertificate`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { type CertificateRequestStatus, type Language } from '@tawqi/domain';
import { type Queryable } from '../../db/pool.js';

import { AppError } from '../../http/errors.js';

import { notifyPerson } from '../notices.js';
import type { Fulfil } from '../payments/fulfilment.js';

import { inLanguage, localWord } from '../words.js';
import type { CsrProblem } from './csr.js';

import { KEY_USAGE_NAMES } from './profiles.js';
import * as x509 from './x509.js';

type Words = Record<Language, string>;

export const MESSAGES = {
  unreadable: {
    en: 'The certificate request could not be read. Start again to make a new key.',
    ar: 'تعذّرت قراءة طلب الشهادة. ابدأ من جديد لإنشاء مفتاح جديد.',
  },
  badSignature: {
    en: 'The certificate request is not signed by its own key. Start again to make a new key.',
    ar: 'طلب الشهادة غير موقّع بمفتاحه. ابدأ من جديد لإنشاء مفتاح جديد.',
  },
  weakKey: {
    en: 'This key is too weak. Use an RSA key of 2048 bits or more, or an ECDSA P-256 key.',
    ar: 'هذا المفتاح ضعيف. استخدم مفتاح RSA بطول 2048 بت أو أكثر، أو مفتاح ECDSA P-256.',
  },
  breakableKey: {
    en: 'This key can be broken: the program that made it has a known flaw (primes too close together, the ROCA fault, or Debian’s weak keys). Make a new key in an up-to-date browser.',
    ar: 'يمكن كسر هذا المفتاح: في البرنامج الذي أنشأه خلل معروف (عددان أوليان متقاربان جدًا، أو ثغرة ROCA، أو مفاتيح Debian الضعيفة). أنشئ مفتاحًا جديدًا في متصفح محدَّث.',
  },
  weakHash: {
    en: 'The certificate request is signed with a weak hash. Use SHA-256 or stronger.',
    ar: 'طلب الشهادة موقّع بدالة تجزئة ضعيفة. استخدم SHA-256 أو أقوى.',
  },
  keyUsed: {
    en: 'This key already has a certificate. Make a new key for a new certificate.',
    ar: 'لهذا المفتاح شهادة من قبل. أنشئ مفتاحًا جديدًا للشهادة الجديدة.',
  },
  wrongStep: {
    en: 'This request is not waiting for that step. Reload the page to see where it stands.',
    ar: 'هذا الطلب لا ينتظر هذه الخطوة. أعد تحميل الصفحة لترى حالته.',
  },
  notAgreed: {
    en: 'Accept the subscriber agreement before confirming.',
    ar: 'وافق على اتفاقية المشترك قبل التأكيد.',
  },
  notRevocable: {
    en: 'This certificate is already revoked.',
    ar: 'هذه الشهادة مُبطَلة من قبل.',
  },
} as const satisfies Record<CsrProblem, Words> & Record<string, Words>;

/** What the organization's other enrolment admins are told when a request awaits them. */
export const AWAITING_APPROVAL = {
  title: { en: 'A certificate request awaits you', ar: 'طلب شهادة بانتظارك' },
  body: {
    en: 'A member asked for a certificate bound to the organization. Review it under Approvals.',
    ar: 'طلب أحد الأعضاء شهادة مرتبطة بالمنشأة. راجعه في الموافقات.',
  },
};

export const refuse = (status: number, words: Words) =>
  new AppError(status, status === 422 ? 'VALIDATION_FAILED' : 'CONFLICT', { localized: words });

/** Opens the request a paid certificate order gives (once per order). */
export async function openCertificateRequest(
  tx: Queryable,
  request: { userSlno: number; productSlno: number; orderSlno: number; now: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO certificate_requests (reference, user_slno, product_slno, order_slno, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'keyPending', $5, $5) ON CONFLICT (order_slno) DO NOTHING`,
    [
      `DSC-${randomBytes(9).toString('base64url')}`,
      request.userSlno,
      request.productSlno,
      request.orderSlno,
      request.now,
    ],
  );
}

export interface RequestRow {
  request_slno: number;
  user_slno: number;
  reference: string;
  status: CertificateRequestStatus;
  created_at: Date;
  key_algorithm: string | null;
  certificate_serial: string | null;
  remarks: string | null;
  csr_der: Buffer | null;
  acceptance_slno: number | null;
  name_en: string;
  name_ar: string;
  validity_months: number;
  class: string;
  /** A certificate bound to an organization: which, as it is named and registered. */
  org_slno: number | null;
  org_name_en: string | null;
  org_name_ar: string | null;
  cr_number: string | null;
  /** Whom the product's certificates name: a person, or the organization itself (its seal). */
  product_subject: 'person' | 'organization';
}

export const REQUEST_COLUMNS = `r.request_slno, r.user_slno, r.reference, r.status, r.created_at, r.key_algorithm, r.certificate_serial,
  r.remarks, r.csr_der, r.acceptance_slno, p.name_en, p.name_ar, p.validity_months, p.class,
  r.org_slno, o.name_en AS org_name_en, o.name_ar AS org_name_ar, o.cr_number, p.subject AS product_subject`;

/** The requests with their product and, for an organization's, the organization. */
export const REQUEST_FROM = `certificate_requests r JOIN certificate_products p USING (product_slno)
  LEFT JOIN organizations o ON o.org_slno = r.org_slno`;

export const fingerprint = (der: ArrayBuffer | Uint8Array) =>
  createHash('sha256').update(new Uint8Array(der)).digest('hex').toUpperCase();

/** The first value of a name attribute ("CN"), as the certificate says it. */
function nameValue(name: x509.Name, type: string): string {
  return name.getField(type)[0] ?? name.toString();
}

/**
 * An OID in dotted decimals. asn1js writes an arc above 2^53 (our policies' UUID arc, 2.25.…) as
 * `{hex}`, its base-128 digits a byte each: read back to the number here.
 */
export function dottedOid(oid: string): string {
  return oid.replace(/\{([0-9a-f]+)\}/gi, (_match, hex: string) => {
    let value = 0n;
    for (let index = 0; index < hex.length; index += 2)
      value = value * 128n + BigInt(parseInt(hex.slice(index, index + 2), 16));
    return value.toString();
  });
}

/** SPEC §3's "Certificate" fields of a certificate, read from the certificate itself. */
export function certificateFields(der: Uint8Array<ArrayBuffer>) {
  const certificate = new x509.X509Certificate(der);
  const usage = certificate.getExtension(x509.KeyUsagesExtension)?.usages ?? 0;
  const purposes = certificate.getExtension(x509.ExtendedKeyUsageExtension)?.usages ?? [];
  const serial = certificate.serialNumber.toUpperCase();
  return {
    issuedBy: nameValue(certificate.issuerName, 'CN'),
    issuedTo: nameValue(certificate.subjectName, 'CN'),
    validFrom: certificate.notBefore.toISOString(),
    validTo: certificate.notAfter.toISOString(),
    isDocumentSigner: purposes.includes('1.3.6.1.5.5.7.3.36'),
    serialNumberHex: serial,
    serialNumberDecimal: BigInt(`0x${serial}`).toString(10),
    keyUsage: KEY_USAGE_NAMES.filter(([flag]) => (usage & flag) !== 0).map(([, word]) => word),
    subject: certificate.subject,
    policies: (certificate.getExtension(x509.CertificatePolicyExtension)?.policies ?? []).map(
      dottedOid,
    ),
    fingerprintSha256: fingerprint(der),
  };
}

/** A request as the contract gives it, in the caller's language. */
export const requestAnswer = (row: RequestRow, language: Language) => ({
  reference: row.reference,
  productName: inLanguage(row.name_en, row.name_ar, language),
  validityMonths: row.validity_months,
  status: row.status,
  statusLabel: localWord(row.status, language),
  createdDate: row.created_at.toISOString(),
  keyAlgorithm: row.key_algorithm,
  certificateSerial: row.certificate_serial,
  remarks: row.remarks,
  organizationName:
    row.org_name_en === null ? null : inLanguage(row.org_name_en, row.org_name_ar ?? '', language),
});

/** The request of `reference`, locked in `tx`, where `condition` ($2) holds; else not found. */
export async function lockedRequest(
  tx: Queryable,
  reference: string,
  condition: string,
  value: number,
): Promise<RequestRow> {
  const [row] = (
    await tx.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
        WHERE r.reference = $1 AND ${condition} FOR UPDATE OF r`,
      [reference, value],
    )
  ).rows;
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return row;
}

/** The caller's own request, locked in `tx`; another's is not found. */
export const ownRequest = (tx: Queryable, userSlno: number, reference: string) =>
  lockedRequest(tx, reference, 'r.user_slno = $2', userSlno);

/** The caller's own certificate (issued to them), not yet revoked; another's is not found. */
export async function ownCertificate(db: Queryable, userSlno: number, serial: string) {
  const [row] = (
    await db.query<{ status: string }>(
      "SELECT status FROM certificates WHERE serial = $1 AND user_slno = $2 AND kind = 'subscriber'",
      [serial, userSlno],
    )
  ).rows;
  if (!row) throw new AppError(404, 'NOT_FOUND');
  if (row.status === 'revoked') throw refuse(409, MESSAGES.notRevocable);
}

/**
 * A certificate paid (payments' fulfilment of the certificate category): the request the
 * browser's key is sent to, and a notice saying what to do next.
 */
export const fulfilCertificate: Fulfil = async (tx, order, { now }) => {
  const [bought] = (
    await tx.query<{ certificate_product_slno: number | null }>(
      'SELECT certificate_product_slno FROM orders WHERE order_slno = $1',
      [order.orderSlno],
    )
  ).rows;
  const productSlno = bought?.certificate_product_slno ?? null;
  if (order.userSlno === null || productSlno === null)
    throw new Error('a certificate order without its person or product');
  await openCertificateRequest(tx, {
    userSlno: order.userSlno,
    productSlno,
    orderSlno: order.orderSlno,
    now,
  });
  await notifyPerson(
    tx,
    order.userSlno,
    {
      title: { en: 'Certificate paid for', ar: 'تم دفع رسوم الشهادة' },
      body: {
        en: 'Make your key and confirm the request under My certificates to have it issued.',
        ar: 'أنشئ مفتاحك وأكّد الطلب في «شهاداتي» لإصدار الشهادة.',
      },
    },
    now,
  );
};
