/**
 * The signer's and the public's side of the eSign service (issue 19); the applications' side is
 * the integration API (../integration.ts):
 * - the approval page an application sends its signer to: which application asks, which
 *   documents, the number to pick in the identity app, and, once done, where to go back;
 * - the public verify page: a signed PDF in, every signature's reading out;
 * - a signed document of one of my transactions.
 */
import { z } from 'zod';
import { MAX_DOCUMENTS, MAX_REQUEST_BYTES, pdfDocument } from '../integration.js';
import { defineEndpoint, json, tenantIn } from './endpoint.js';
import { isoDateTime, requiredText, slno } from './schemas.js';

/** A signed PDF to verify is at most this large. */
export const VERIFY_MAX_BYTES = 10 * 1024 * 1024;

export const signingApproval = z.object({
  transactionID: z.string(),
  status: z.enum(['pending', 'success', 'failed']),
  /** The application's name in the caller's language. */
  application: z.string(),
  documents: z.array(z.string()),
  /**
   * Ours (issue 38): each document as the signer may open it — a PDF by its position (the
   * esignApprovalDocument call), a digest by its SHA-256 and the name the application gave it.
   */
  documentDetails: z.array(
    z.object({
      position: z.number().int().nonnegative(),
      name: z.string(),
      kind: z.enum(['pdf', 'digest']),
      sha256: z.string().nullable(),
    }),
  ),
  /** Whom the signature will name: the signer's name in the caller's language. */
  signerName: z.string(),
  /** In demo mode, the identity-app simulator's phone page for this signer; otherwise null. */
  demoPhone: z.string().nullable(),
  /** The number to pick in the identity app while pending. */
  number: z.string().nullable(),
  expiresAt: isoDateTime,
  /** Once final: the application's return address, with its transaction id and the outcome. */
  returnUrl: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const esignApproval = defineEndpoint({
  id: 'esignApproval',
  area: 'signing',
  method: 'GET',
  path: 'api/v1/esign/approval/{token}',
  summary: 'A signing request as its signer sees it while approving in the identity app',
  origin: 'design',
  designNote:
    'The eSign service’s approval page (issue 19). The token is the random part of the address ' +
    'the application sends its signer to; each call also asks the identity app (at most once a ' +
    'second), so the page moves on as soon as the signer answers.',
  access: 'public',
  params: z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/) }),
  answer: json(signingApproval),
});

export const esignApprovalDocument = defineEndpoint({
  id: 'esignApprovalDocument',
  area: 'signing',
  method: 'GET',
  path: 'api/v1/esign/approval/{token}/documents/{position}',
  summary: 'A PDF a signer is asked to sign, to read before approving',
  origin: 'design',
  designNote:
    'Issue 38: the approval page asked to sign what the signer could not see. The same token as ' +
    'the page; a digest has no file (its page names it and shows its SHA-256).',
  access: 'public',
  params: z.strictObject({
    token: z.string().regex(/^[A-Za-z0-9_-]{32}$/),
    position: z.coerce.number().int().nonnegative().max(1000),
  }),
  answer: { kind: 'document' },
});

export const signatureReport = z.object({
  /** Null when the certificate is not Tawqi's: a name it claims is nobody's word but the signer's. */
  signerName: z.string().nullable(),
  organization: z.string().nullable(),
  /** Masked: a page anyone may use shows no whole national id. */
  nationalId: z.string().nullable(),
  signedAt: isoDateTime.nullable(),
  timestamped: z.boolean(),
  intact: z.boolean(),
  coversWholeDocument: z.boolean(),
  /**
   * What the file's later revisions added: nothing, only long-term validation data (a DSS,
   * document timestamps — the signature stays valid), or changes.
   */
  addedAfter: z.enum(['none', 'validationData', 'signatures', 'changes']),
  certificate: z.object({
    subject: z.string(),
    serial: z.string(),
    issuer: z.string(),
    notBefore: isoDateTime,
    notAfter: isoDateTime,
    issuedByTawqi: z.boolean(),
    status: z.enum(['good', 'revoked', 'unknown']),
    revokedAt: isoDateTime.nullable(),
  }),
  verdict: z.enum(['valid', 'modified', 'invalid', 'untrusted']),
});

export const verifySignedPdf = defineEndpoint({
  id: 'verifySignedPdf',
  area: 'signing',
  method: 'POST',
  path: 'api/v1/esign/verify',
  summary: 'Every signature of a signed PDF: who, when, unchanged or not, the certificate’s status',
  origin: 'design',
  designNote:
    'The public verify page (issue 19). The PDF is read and forgotten: nothing of it is kept.',
  access: 'public',
  upload: { mediaTypes: ['application/pdf'], maxBytes: VERIFY_MAX_BYTES },
  answer: json(z.object({ signatures: z.array(signatureReport) })),
});

/** A signature made through Tawqi, as its stamp's QR code names it (issue 44): what it signed. */
export const signedTransaction = z.object({
  transactionID: z.string(),
  signedAt: isoDateTime,
  /** The signer's name in the caller's language, as their certificate has it. */
  signerName: z.string(),
  /** Masked: a page anyone may use shows no whole national id. */
  nationalId: z.string(),
  /** The organization whose counters paid, in the caller's language; null for a person's own. */
  organization: z.string().nullable(),
  documents: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['pdf', 'digest']),
      /** The SHA-256 (hex) of the signed PDF as the service gave it, or of the signed digest's document. */
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});

export const verifyTransaction = defineEndpoint({
  id: 'verifyTransaction',
  area: 'signing',
  method: 'GET',
  path: 'api/v1/esign/verify/transactions/{transactionID}',
  summary: 'A signed transaction as its stamp’s QR code names it: who signed what, and when',
  origin: 'design',
  designNote:
    'Issue 44: the stamp on a signed PDF carries a QR code to /verify?transaction=<id>. The page ' +
    'shows what that transaction signed (a signed one only; anything else is "not found"), so a ' +
    'reader of a printed copy can tell which signature it claims, and a file chosen there is ' +
    'compared with the signed documents by its SHA-256. The id is random (64 bits); the name is ' +
    'the one the stamp prints.',
  access: 'public',
  params: z.strictObject({ transactionID: z.string().regex(/^ES-[0-9A-Z]{1,32}$/) }),
  answer: json(signedTransaction),
});

export const mySignedDocument = defineEndpoint({
  id: 'mySignedDocument',
  area: 'signing',
  method: 'GET',
  path: 'api/v1/esign/my/documents/{uniqueFileID}/signed',
  summary: 'A signed document of one of my transactions: the signed PDF, or the CMS signature',
  origin: 'design',
  designNote:
    'My transactions’ documents (SPEC §7 myDocuments) list them; this downloads what was signed: ' +
    'a PDF signed at PAdES B-T, or for a document sent as its digest the detached CMS (.p7s).',
  access: 'session',
  params: z.strictObject({ uniqueFileID: requiredText(100) }),
  answer: { kind: 'document' },
});

/**
 * My own PDFs to sign in the portal (issue 44): each with where its stamp goes. The same request
 * an integrating application sends, made for me by the portal's own application; a request sent
 * again with its Idempotency-Key (a retry) makes one transaction.
 */
export const ownSigningRequest = z.strictObject({
  /** The person agreed to sign these documents. */
  consent: z.literal(true),
  documents: z.array(pdfDocument).min(1).max(MAX_DOCUMENTS),
});

export const ownSigningAnswer = z.object({
  transactionID: z.string(),
  /** The approval page for it (this origin): the number to pick in the identity app. */
  approvalPath: z.string().startsWith('/'),
});

const ownSigningNote =
  'Issue 44: a person signs their own PDFs without an integrating application. The portal is an ' +
  'application of the service’s own, so the signing is the integration API’s path (one path, ' +
  'counted once on approval); the answer names the approval page, which sends the person back to ' +
  'the transaction’s page when it ends. Refusals carry the eSign catalogue’s code in `detail`.';

export const signMyDocuments = defineEndpoint({
  id: 'signMyDocuments',
  area: 'signing',
  method: 'POST',
  path: 'api/v1/esign/my/sign',
  summary: 'Sign my own PDFs on my plan: the approval in the identity app comes next',
  origin: 'design',
  designNote: ownSigningNote,
  access: 'session',
  body: ownSigningRequest,
  bodyBytes: MAX_REQUEST_BYTES,
  idempotent: true,
  answer: json(ownSigningAnswer),
});

export const orgSignDocuments = defineEndpoint({
  id: 'orgSignDocuments',
  area: 'signing',
  method: 'POST',
  path: 'api/v1/esign/org/{organization}/sign',
  summary: 'Sign my own PDFs on the organization’s counters (a member whose role may sign)',
  origin: 'design',
  designNote: ownSigningNote,
  access: 'session',
  params: z.strictObject({ organization: z.coerce.number().pipe(slno) }),
  tenant: tenantIn('path', 'organization'),
  body: ownSigningRequest,
  bodyBytes: MAX_REQUEST_BYTES,
  idempotent: true,
  answer: json(ownSigningAnswer),
});

export const mySignedDocuments = defineEndpoint({
  id: 'mySignedDocuments',
  area: 'signing',
  method: 'GET',
  path: 'api/v1/esign/my/transactions/{transactionID}/signed',
  summary: 'Every signed document of one of my transactions, in one zip file',
  origin: 'design',
  designNote:
    'Issue 44: a person who signed several PDFs downloads them together. The zip holds each ' +
    'signed PDF (or a digest’s .p7s) under its name; nothing is compressed (a PDF is already).',
  access: 'session',
  params: z.strictObject({ transactionID: requiredText(100) }),
  answer: { kind: 'document' },
});
