/**
 * The eSign integration API (issue 19): what an application registered under a provider sends and
 * receives, apart from the portal's contract — another audience, another authentication (a signed
 * assertion of the application's, RFC 7523 style, never a session or a shared password). The
 * server validates against these schemas; the OpenAPI document lists these calls under the tag
 * "integration" with the error catalogue.
 */
import { z } from 'zod';
import { nationalId } from './contract/schemas.js';

/** Where the integration API is served; its version is part of the path. */
export const INTEGRATION_BASE = '/api/esign/v1';
/** What an assertion's `aud` must be: the API's address at the server's public origin. */
export const assertionAudience = (publicOrigin: string) => `${publicOrigin}${INTEGRATION_BASE}`;
/** An assertion lives at most this long (exp − iat), and is used once (jti). */
export const ASSERTION_MAX_SECONDS = 300;
/** A request's timestamp may differ from the server's clock by at most this much. */
export const REQUEST_FRESHNESS_SECONDS = 300;
export const MAX_DOCUMENTS = 10;
/** A PDF sent whole, at most (its base64 is a third more). */
export const MAX_PDF_BYTES = 5 * 1024 * 1024;
/** The request's body, at most: ten PDFs of the largest size do not fit; a transaction's PDFs share it. */
export const MAX_REQUEST_BYTES = 16 * 1024 * 1024;
/**
 * The webhook's headers: the time it was sent, HMAC-SHA256(secret, `${timestamp}.${body}`), and
 * the delivery's id — the same on every attempt of one delivery (also `deliveryId` in the body),
 * for a receiver to take each delivery once however often it is retried.
 */
export const WEBHOOK_HEADERS = {
  timestamp: 'x-tawqi-timestamp',
  signature: 'x-tawqi-signature',
  delivery: 'x-tawqi-delivery',
} as const;

const documentName = z.string().trim().min(1).max(200);
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64');

/** A stamp's size in points: legible at the least, within any page at the most. */
export const STAMP_SIZE = { minWidth: 80, minHeight: 36, max: 2000 } as const;
export const STAMP_APPEARANCES = ['logo', 'text', 'none', 'organization'] as const;
/**
 * The default stamp: this size, this far from the last page's lower right corner (the portal
 * places a person's stamp at this size too).
 */
export const DEFAULT_STAMP = { width: 220, height: 80, margin: 36 } as const;

/** One place of a stamp: a page (from 1) and a rectangle on it, in points from its lower left. */
export interface StampPlace {
  page: number;
  rect: [number, number, number, number];
}

const NUMBER = String.raw`\d{1,5}(?:\.\d{1,2})?`;
const PLACE = new RegExp(`^(\\d{1,4})-(${NUMBER}),(${NUMBER}),(${NUMBER}),(${NUMBER})$`);

/**
 * emdha's placement, `page-x1,y1,x2,y2` (points from the page's lower left), several places
 * separated by `;`; null when it is not that, or a rectangle is upside down, too small or too large.
 */
export function parseStampPlacement(text: string): StampPlace[] | null {
  const places: StampPlace[] = [];
  for (const part of text.split(';')) {
    const match = PLACE.exec(part.trim());
    if (!match) return null;
    const [page, x1, y1, x2, y2] = match.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const width = x2 - x1;
    const height = y2 - y1;
    if (page < 1 || width < STAMP_SIZE.minWidth || height < STAMP_SIZE.minHeight) return null;
    if (width > STAMP_SIZE.max || height > STAMP_SIZE.max) return null;
    places.push({ page, rect: [x1, y1, x2, y2] });
  }
  return places.length > 0 && places.length <= 20 ? places : null;
}

/**
 * The signature people see on each signed PDF (issue 44). Without it, the application's default;
 * without that, the service's mark at the last page's lower right corner.
 */
export const signatureStamp = z
  .strictObject({
    /**
     * The service's mark with the words (`logo`), the words only (`text`), not shown (`none`), or
     * the paying organization's own logo with the words (`organization`: an organization's
     * application, whose organization has uploaded one).
     */
    appearance: z
      .enum(STAMP_APPEARANCES)
      .describe(
        'logo: the service’s mark and the words; text: the words only; none: not shown; organization: the paying organization’s own logo (uploaded on its profile) and the words',
      )
      .optional(),
    /**
     * Where: `page-x1,y1,x2,y2` in points from the page's lower left, several places separated by
     * `;` (emdha's form), each at least 80 × 36.
     */
    placement: z
      .string()
      .max(500)
      .refine((text) => parseStampPlacement(text) !== null, 'page-x1,y1,x2,y2[;…]')
      .describe(
        'page-x1,y1,x2,y2: a page (from 1) and a rectangle on it in points from its lower left, at least 80 × 36; several places separated by ";"',
      )
      .optional(),
    /** Or the name of an empty signature field each PDF has: the stamp takes its place. */
    field: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .describe('the name of an empty signature field each PDF has: the stamp takes its place')
      .optional(),
  })
  .refine((stamp) => !(stamp.placement && stamp.field), {
    message: 'a placement or a field, not both',
    path: ['field'],
  });
export type SignatureStamp = z.infer<typeof signatureStamp>;

/** A PDF to sign, sent whole (the portal's own signing sends the same, issue 44). */
export const pdfDocument = z.strictObject({
  kind: z.literal('pdf'),
  name: documentName,
  /** The whole PDF, base64. */
  content: base64.min(8),
  /** This PDF's own stamp (its pages differ from the others'), instead of the request's. */
  stamp: signatureStamp
    .optional()
    .describe('this PDF’s own stamp, instead of the request’s (for PDFs whose pages differ)'),
});

export const signingDocument = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('hash'),
    name: documentName,
    /** The document's SHA-256, base64 (44 characters). */
    sha256: base64.length(44),
  }),
  pdfDocument,
]);

export const signingRequest = z.strictObject({
  /** The application's id of the transaction: unique per application, forever. */
  txnId: z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/),
  /** When the application made the request (ISO 8601 with offset). */
  timestamp: z.iso.datetime({ offset: true }),
  signer: z.strictObject({ nationalId }),
  /** The signer agreed, in the application, to sign these documents. */
  consent: z.boolean(),
  /**
   * Where the signer's browser goes afterwards; its origin must be registered. The outcome is
   * added to its query: `txnId`, `transactionID` (the service's id) and `status`.
   */
  returnUrl: z.url({ protocol: /^https?$/ }).max(2000),
  documents: z.array(signingDocument).min(1).max(MAX_DOCUMENTS),
  /**
   * The PAdES level of the signed PDFs: B-LT (the default: the proof that the certificates were
   * good travels in the file) or B-LTA (and a document timestamp over it, for archives).
   */
  padesLevel: z.enum(['B-LT', 'B-LTA']).optional(),
  /** The signature people see on each signed PDF, and where (a digest's signature has none). */
  stamp: signatureStamp.optional(),
});
export type SigningRequest = z.infer<typeof signingRequest>;

export const ESIGN_STATUSES = ['pending', 'success', 'failed'] as const;

export const signedDocument = z.object({
  position: z.number().int().min(1),
  name: z.string(),
  kind: z.enum(['hash', 'pdf']),
  /** What was signed: the document's SHA-256 (base64). */
  sha256: z.string(),
  /** The detached CMS SignedData over it (DER, base64): CAdES B-T. */
  cms: z.string(),
  /** A PDF's signed copy (PAdES B-LT, or B-LTA when asked): its SHA-256 here, its bytes at `signedPdfUrl`. */
  signedPdfSha256: z.string().optional(),
  signedPdfUrl: z.string().optional(),
});

/** What the JWS signs, and what the answer carries beside it. */
export const signingOutcome = z.object({
  txnId: z.string(),
  /** Tawqi's id of the transaction (the signer's and the organization's records name it). */
  transactionId: z.string(),
  status: z.enum(ESIGN_STATUSES),
  /** Set while the signer is asked: the number they choose in the identity app, the page that shows it. */
  approval: z.object({ number: z.string(), url: z.string(), expiresAt: z.string() }).optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  signer: z
    .object({ nationalId: z.string(), nameEnglish: z.string(), nameArabic: z.string() })
    .optional(),
  /** The signer's certificate and the issuing CA's (DER, base64). */
  certificates: z.array(z.string()).optional(),
  signedAt: z.string().optional(),
  documents: z.array(signedDocument).optional(),
});
export type SigningOutcome = z.infer<typeof signingOutcome>;

/** The answer: the outcome, and (once final) the service's compact JWS over it. */
export const signingAnswer = signingOutcome.extend({ signedResponse: z.string().optional() });

/** What the webhook carries: the transaction's answer, and the delivery's id (WEBHOOK_HEADERS). */
export const webhookBody = signingAnswer.extend({ deliveryId: z.string() });

/**
 * The numbered error catalogue, in both languages. `status` is the HTTP status a call refused
 * with it answers; the ones of a transaction that failed later (3xxx, 4002) come in its outcome.
 */
export const ESIGN_ERRORS = {
  invalidCredential: {
    code: 'E1001',
    status: 401,
    en: 'The application’s credential was not accepted.',
    ar: 'لم تُقبل بيانات اعتماد التطبيق.',
  },
  staleRequest: {
    code: 'E1002',
    status: 400,
    en: 'The request’s time is too far from now; send it again with the current time.',
    ar: 'وقت الطلب بعيد عن الوقت الحالي؛ أرسله مجددًا بالوقت الحالي.',
  },
  malformedRequest: {
    code: 'E1003',
    status: 400,
    en: 'The request is not well formed.',
    ar: 'الطلب غير مكتمل أو غير صحيح البنية.',
  },
  transactionIdReused: {
    code: 'E1004',
    status: 409,
    en: 'This transaction id was already used for a different request.',
    ar: 'رقم العملية هذا مستخدم من قبل لطلب مختلف.',
  },
  consentMissing: {
    code: 'E1005',
    status: 400,
    en: 'The signer’s consent is required.',
    ar: 'موافقة الموقّع مطلوبة.',
  },
  returnUrlNotAllowed: {
    code: 'E1006',
    status: 400,
    en: 'The return address is not registered for this application.',
    ar: 'عنوان العودة غير مسجّل لهذا التطبيق.',
  },
  badDocument: {
    code: 'E1007',
    status: 422,
    en: 'A document is not a SHA-256 digest or a readable, unencrypted PDF within the size limit.',
    ar: 'أحد المستندات ليس بصمة SHA-256 ولا ملف PDF مقروءًا غير مشفّر ضمن الحد المسموح.',
  },
  stampMisplaced: {
    code: 'E1011',
    status: 422,
    en: 'The signature’s place is not in a document: a page it does not have, or no empty signature field of that name.',
    ar: 'موضع التوقيع ليس في أحد المستندات: صفحة غير موجودة فيه، أو لا يوجد فيه حقل توقيع فارغ بهذا الاسم.',
  },
  activeContent: {
    code: 'E1013',
    status: 422,
    en: 'A document runs or carries more than it shows: JavaScript, an action that opens a file or a web page, embedded files, rich media, an XFA form, or bytes outside the PDF. Save it again without them (print it to PDF) and send it again.',
    ar: 'أحد المستندات يشغّل أو يحمل أكثر مما يُعرض: شيفرة JavaScript، أو إجراء يفتح ملفًا أو صفحة ويب، أو ملفات مضمّنة، أو وسائط تفاعلية، أو نموذج XFA، أو بيانات خارج بنية PDF. احفظه من جديد بدونها (اطبعه إلى PDF) ثم أرسله مرة أخرى.',
  },
  organizationLogoMissing: {
    code: 'E1012',
    status: 422,
    en: 'The signature was asked to show the organization’s logo, and it has none: an organization’s admin uploads it on the organization profile.',
    ar: 'طُلب أن يظهر شعار المنشأة في التوقيع ولا شعار لها: يرفعه مسؤول التسجيل في المنشأة من ملف المنشأة.',
  },
  documentFlagged: {
    code: 'E1010',
    status: 422,
    en: 'The malware scanner flagged a document; nothing was created.',
    ar: 'رصد فاحص البرمجيات الضارة خطرًا في أحد المستندات؛ لم يُنشأ شيء.',
  },
  signerNotEnrolled: {
    code: 'E1008',
    status: 422,
    en: 'The signer has no active Tawqi account for this application.',
    ar: 'ليس للموقّع حساب نشط في توقيع لهذا التطبيق.',
  },
  countersExhausted: {
    code: 'E2001',
    status: 402,
    en: 'No eSign counters remain for this transaction.',
    ar: 'لم يتبقَّ رصيد توقيع إلكتروني لهذه العملية.',
  },
  tooManyRequests: {
    code: 'E2002',
    status: 429,
    en: 'The signer was asked too often; try again in a few minutes.',
    ar: 'طُلب من الموقّع مرات كثيرة؛ حاول بعد دقائق.',
  },
  userCancelled: {
    code: 'E3001',
    status: 200,
    en: 'The signer declined in the identity app.',
    ar: 'رفض الموقّع الطلب في تطبيق نفاذ الوطني.',
  },
  expired: {
    code: 'E3002',
    status: 200,
    en: 'The signer did not approve in time.',
    ar: 'لم يوافق الموقّع في الوقت المحدد.',
  },
  identityMismatch: {
    code: 'E3003',
    status: 200,
    en: 'The identity app confirmed a different person.',
    ar: 'أكّد تطبيق نفاذ الوطني شخصًا مختلفًا.',
  },
  identityUnavailable: {
    code: 'E4001',
    status: 503,
    en: 'The identity app cannot be reached; try again shortly.',
    ar: 'تعذّر الوصول إلى تطبيق نفاذ الوطني؛ حاول بعد قليل.',
  },
  scannerUnavailable: {
    code: 'E4003',
    status: 503,
    en: 'Documents cannot be checked for malware just now; try again shortly.',
    ar: 'تعذّر فحص المستندات من البرمجيات الضارة الآن؛ حاول بعد قليل.',
  },
  signingFailed: {
    code: 'E4002',
    status: 200,
    en: 'The documents could not be signed.',
    ar: 'تعذّر توقيع المستندات.',
  },
  notFound: {
    code: 'E1009',
    status: 404,
    en: 'No such transaction for this application.',
    ar: 'لا توجد عملية بهذا الرقم لهذا التطبيق.',
  },
} as const satisfies Record<string, { code: `E${number}`; status: number; en: string; ar: string }>;
export type EsignErrorKey = keyof typeof ESIGN_ERRORS;

/** The catalogue's entry of a stored code (null for one it does not know). */
export function esignErrorKey(code: string): EsignErrorKey | null {
  const entry = Object.entries(ESIGN_ERRORS).find(([, error]) => error.code === code);
  return entry ? (entry[0] as EsignErrorKey) : null;
}

/** A refused call's body. */
export const integrationError = z.object({
  code: z.string(),
  message: z.string(),
  /** Which fields were wrong, for a malformed request. */
  fields: z.array(z.string()).optional(),
});

/** The calls, for the OpenAPI document. */
export const INTEGRATION_CALLS = [
  {
    id: 'esignCreateSigningRequest',
    method: 'post',
    path: `${INTEGRATION_BASE}/sign-requests`,
    summary:
      'Asks a signer to sign up to 10 documents (SHA-256 digests or PDFs). A repeated txnId answers the stored transaction; the answer is 202 while the signer is asked.',
    body: signingRequest,
    answer: signingAnswer,
  },
  {
    id: 'esignSigningRequest',
    method: 'get',
    path: `${INTEGRATION_BASE}/sign-requests/{txnId}`,
    summary: 'A transaction’s outcome; once final, with the service’s JWS over it.',
    answer: signingAnswer,
  },
  {
    id: 'esignSignedPdf',
    method: 'get',
    path: `${INTEGRATION_BASE}/sign-requests/{txnId}/documents/{position}`,
    summary: 'A signed PDF (PAdES B-T) of a successful transaction.',
  },
] as const;
