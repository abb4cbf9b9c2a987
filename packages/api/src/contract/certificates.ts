/**
 * Digital signature certificates (SPEC §2 `dsc/buy`, `dsc/manage`; SPEC §3 "Certificate";
 * issue 18). The spec names the screens and the certificate's fields; the calls are ours:
 * - a product is bought like a plan (an order paid at the gateway); paying opens a request;
 * - the browser makes the key pair and sends a PKCS#10 request signed with it (the private key
 *   never leaves the browser); the server checks it and refuses weak or reused keys;
 * - the holder accepts the subscriber agreement and confirms in the identity app; the
 *   certificate is issued at once;
 * - the holder's certificates come with their DER, so the browser offers PEM, DER, the chain and
 *   a PKCS#12 it assembles itself; revoking asks the identity app again.
 */
import {
  CERTIFICATE_KEY_ALGORITHMS,
  CERTIFICATE_REQUEST_STATUSES,
  CERTIFICATE_REVIEW_STATUSES,
  CERTIFICATE_STATES,
  DSC_REPORT_FILE_NAME,
  REVOCATION_REASONS,
} from '@tawqi/domain';
import { z } from 'zod';
import { initiateAnswer } from './authentication.js';
import { defineEndpoint, json, recordIn, tenantIn, xlsx } from './endpoint.js';
import { exportOf, orgGrid } from './organization.js';
import {
  certificateInfo,
  isoDateTime,
  listOf,
  pageOf,
  paymentAnswer,
  requiredText,
  reviewBody,
  sar,
  slno,
  statusAnswer,
} from './schemas.js';

const reference = z.string().regex(/^DSC-[A-Za-z0-9_-]{8,40}$/);
const serial = z.string().regex(/^[0-9A-F]{2,40}$/);
const base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/);
const reason = z.enum(Object.keys(REVOCATION_REASONS) as [keyof typeof REVOCATION_REASONS]);

export const certificateProduct = z.object({
  productSlno: slno,
  code: z.string(),
  name: z.string(),
  class: z.enum(['individual', 'organization']),
  validityMonths: z.int().positive(),
  price: sar,
  tax: sar,
  totalPrice: sar,
});

export const certificateRequest = z.object({
  reference,
  productName: z.string(),
  validityMonths: z.int().positive(),
  status: z.enum(CERTIFICATE_REQUEST_STATUSES),
  statusLabel: z.string(),
  createdDate: isoDateTime,
  /** The key the browser sent, once it has (e.g. "ECDSA-P-256"). */
  keyAlgorithm: z.string().nullable(),
  /** The issued certificate's serial (hex), once issued. */
  certificateSerial: serial.nullable(),
  remarks: z.string().nullable(),
  /** The organization a certificate bound to one is for (its name in the caller's language). */
  organizationName: z.string().nullable(),
});

export const heldCertificate = certificateInfo.extend({
  status: z.enum(CERTIFICATE_STATES),
  statusLabel: z.string(),
  productName: z.string(),
  revokedAt: isoDateTime.nullable(),
  /** The certificate itself, DER in base64: the browser makes PEM, DER and PKCS#12 from it. */
  der: base64,
  subject: z.string(),
  policies: z.array(z.string()),
  fingerprintSha256: z.string().regex(/^[0-9A-F]{64}$/),
});

export const certificateProducts = defineEndpoint({
  id: 'certificateProducts',
  area: 'certificates',
  method: 'GET',
  path: 'api/v1/dsc/products',
  summary: 'The digital signature certificates for sale, with their prices',
  origin: 'design',
  designNote: 'SPEC §2 dsc/buy: what a person chooses from (class, validity, price with VAT).',
  access: 'public',
  answer: json(listOf(certificateProduct).extend({ vat: z.number().min(0).max(100) })),
});

export const buyCertificate = defineEndpoint({
  id: 'buyCertificate',
  area: 'certificates',
  method: 'POST',
  path: 'api/v1/dsc/my/buy',
  summary: 'Order a certificate and start paying for it',
  origin: 'design',
  designNote:
    'Bought like a plan (an order, paid at the gateway); paying opens the request the key is sent to. ' +
    'The Idempotency-Key header makes a double click one order.',
  access: 'session',
  body: z.strictObject({ productSlno: slno }),
  answer: json(paymentAnswer.extend({ price: sar, tax: sar, totalPrice: sar })),
  idempotent: true,
});

export const myCertificateRequests = defineEndpoint({
  id: 'myCertificateRequests',
  area: 'certificates',
  method: 'GET',
  path: 'api/v1/dsc/my/requests',
  summary: 'My certificate requests that are not finished yet, newest first',
  origin: 'design',
  designNote:
    'A paid certificate waits for its key and confirmation: a closed tab loses nothing that was paid for.',
  access: 'session',
  answer: json(listOf(certificateRequest)),
});

export const submitCertificateKey = defineEndpoint({
  id: 'submitCertificateKey',
  area: 'certificates',
  method: 'POST',
  path: 'api/v1/dsc/my/requests/{reference}/key',
  summary: 'Send the PKCS#10 request made in the browser with the new key',
  origin: 'design',
  designNote:
    'Checked before it is kept: its self-signature, SHA-256 or better, RSA 2048–4096 or ECDSA P-256, ' +
    'a key never certified before. A request whose key was sent may be sent a new one until it is issued.',
  access: 'session',
  params: z.strictObject({ reference }),
  body: z.strictObject({
    csr: base64.max(16_000),
    keyAlgorithm: z.enum(CERTIFICATE_KEY_ALGORITHMS),
  }),
  answer: json(certificateRequest),
});

export const confirmCertificateInitiate = defineEndpoint({
  id: 'confirmCertificateInitiate',
  area: 'certificates',
  method: 'POST',
  path: 'api/v1/dsc/my/requests/{reference}/confirm/initiate',
  summary: 'Accept the subscriber agreement and confirm the request in the identity app',
  origin: 'design',
  designNote: 'The certificate is issued when the holder approves on their phone (verify).',
  access: 'session',
  params: z.strictObject({ reference }),
  body: z.strictObject({ agreementVersion: requiredText(40), accepted: z.literal(true) }),
  answer: json(initiateAnswer),
});

export const confirmCertificateVerify = defineEndpoint({
  id: 'confirmCertificateVerify',
  area: 'certificates',
  method: 'POST',
  path: 'api/v1/dsc/my/requests/{reference}/confirm/verify',
  summary: 'Poll the confirmation; on approval the certificate is issued',
  origin: 'design',
  designNote:
    'Issued in the same step as the approval is taken, once (a second poll finds it consumed).',
  access: 'session',
  params: z.strictObject({ reference }),
  body: z.strictObject({ transId: requiredText(100) }),
  answer: json(statusAnswer.extend({ certificateSerial: serial.nullable() })),
});

export const myCertificates = defineEndpoint({
  id: 'myCertificates',
  area: 'certificates',
  method: 'GET',
  path: 'api/v1/dsc/my/certificates',
  summary: 'My certificates, newest first (SPEC §3 Certificate, with the certificate itself)',
  origin: 'design',
  designNote: 'SPEC §2 dsc/manage: the list with the SPEC §3 fields, the status and the DER.',
  access: 'session',
  answer: json(listOf(heldCertificate)),
});

export const revokeCertificateInitiate = defineEndpoint({
  id: 'revokeCertificateInitiate',
  area: 'certificates',
  method: 'POST',
  path: 'api/v1/dsc/my/certificates/{serial}/revoke/initiate',
  summary: 'Start revoking one of my certificates: confirm in the identity app',
  origin: 'design',
  designNote: 'Revoking cannot be undone, so the holder confirms it in the identity app first.',
  access: 'session',
  params: z.strictObject({ serial }),
  body: z.strictObject({ reason }),
  answer: json(initiateAnswer),
});

export const revokeCertificateVerify = defineEndpoint({
  id: 'revokeCertificateVerify',
  area: 'certificates',
  method: 'POST',
  path: 'api/v1/dsc/my/certificates/{serial}/revoke/verify',
  summary: 'Poll the confirmation; on approval the certificate is revoked and the CRL reissued',
  origin: 'design',
  designNote: 'OCSP answers revoked from then on; a new CRL is issued in the same transaction.',
  access: 'session',
  params: z.strictObject({ serial }),
  body: z.strictObject({ transId: requiredText(100), reason }),
  answer: json(statusAnswer.extend({ revokedAt: isoDateTime.nullable() })),
});

export const certificateRepository = defineEndpoint({
  id: 'certificateRepository',
  area: 'certificates',
  method: 'GET',
  path: 'api/v1/pki/repository',
  summary:
    'The public repository: the CA certificates, CRL, OCSP and time-stamping addresses and certificate policies',
  origin: 'design',
  designNote: 'What relying parties need to check a Tawqi certificate (issue 18).',
  access: 'public',
  answer: json(
    z.object({
      authorities: z.array(
        z.object({
          role: z.enum(['root', 'issuing']),
          subject: z.string(),
          serialNumberHex: serial,
          validFrom: isoDateTime,
          validTo: isoDateTime,
          fingerprintSha256: z.string().regex(/^[0-9A-F]{64}$/),
          url: z.string(),
          /** The certificate itself, DER in base64 (a holder's chain is made of these). */
          der: base64,
        }),
      ),
      crlUrl: z.string(),
      /** The root's revocation list for the CAs under it (an ARL). */
      arlUrl: z.string(),
      ocspUrl: z.string(),
      /** Where RFC 3161 time-stamp queries are answered. */
      tsaUrl: z.string(),
      policies: z.array(z.object({ oid: z.string(), level: z.string() })),
    }),
  ),
});

// ── Organization-bound certificates ─────────────────────────────────────────────────────────

export const requestOrganizationCertificate = defineEndpoint({
  id: 'requestOrganizationCertificate',
  area: 'certificates',
  method: 'POST',
  path: 'api/v1/dsc/org/request',
  summary: 'Ask for a certificate bound to one of my organizations, or for its seal',
  origin: 'design',
  designNote:
    'Issue 18: a member asks for a signatory certificate (naming them and the organization), or ' +
    "an authorized signatory for the organization's seal (naming the organization alone); the " +
    'key is made in the browser as for a personal one, then an enrolment admin (not the asker) ' +
    'approves before the asker confirms. One open request per member and organization, and one ' +
    'open seal request per organization: asking again answers the open one. Not paid per ' +
    'certificate: the organization is billed under its agreement with its provider (decided ' +
    'here; the spec is silent).',
  access: 'session',
  body: z.strictObject({
    orgSlNo: slno,
    kind: z.enum(['signatory', 'seal']).default('signatory'),
  }),
  answer: json(certificateRequest),
  tenant: tenantIn('body', 'orgSlNo'),
});

export const certificateApprovalRow = z.object({
  reference,
  userSlno: slno,
  fullNameEnglish: z.string(),
  fullNameArabic: z.string(),
  productName: z.string(),
  keyAlgorithm: z.string().nullable(),
  status: z.enum(CERTIFICATE_REVIEW_STATUSES),
  createdDate: isoDateTime,
  decidedDate: isoDateTime.nullable(),
  remarks: z.string().nullable(),
  /** The caller asked for it: another enrolment admin decides (separation of duties). */
  createdByYou: z.boolean(),
});

export const certificateApprovals = defineEndpoint({
  id: 'certificateApprovals',
  area: 'approvals',
  method: 'POST',
  path: 'api/v1/approval/org/dsc/requests',
  summary: 'Members’ certificate requests for the organization (starts on the open ones)',
  origin: 'design',
  designNote: 'SPEC §2 approval/dsc names the screen; the grid and its rows are ours.',
  access: 'session',
  body: orgGrid(CERTIFICATE_REVIEW_STATUSES),
  answer: json(pageOf(certificateApprovalRow)),
  pageBase: 'one',
  tenant: tenantIn('body', 'orgSlNo'),
});

export const processCertificateRequest = defineEndpoint({
  id: 'processCertificateRequest',
  area: 'approvals',
  method: 'POST',
  path: 'api/v1/approval/org/dsc/process',
  summary: 'Approve or reject a member’s certificate request',
  origin: 'design',
  designNote:
    'Approved, the member confirms in the identity app and the certificate is issued; rejected, ' +
    'with remarks the member reads. Never by the member who asked.',
  access: 'session',
  body: reviewBody({ orgSlNo: slno, reference }),
  answer: json(statusAnswer),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('body', 'reference', 'certificateRequest')],
  idempotent: true,
});

export const dscReportRow = z.object({
  serialNumberHex: serial,
  fullNameEnglish: z.string(),
  fullNameArabic: z.string(),
  productName: z.string(),
  validFrom: isoDateTime,
  validTo: isoDateTime,
  status: z.enum(CERTIFICATE_STATES),
  revokedAt: isoDateTime.nullable(),
  /** Whole days until it ends (negative once ended): what "expiring" is read from. */
  daysLeft: z.int(),
});

export const dscReport = defineEndpoint({
  id: 'dscReport',
  area: 'reports',
  method: 'POST',
  path: 'api/v1/reports/org/dsc',
  summary: 'The organization’s certificates: valid, revoked and expired, soonest to end first',
  origin: 'design',
  designNote: 'SPEC §2 reports/dsc names the report; its rows are ours (issue 18).',
  access: 'session',
  body: orgGrid(CERTIFICATE_STATES),
  answer: json(pageOf(dscReportRow)),
  pageBase: 'one',
  tenant: tenantIn('body', 'orgSlNo'),
});

export const exportDscReport = defineEndpoint({
  id: 'exportDscReport',
  area: 'reports',
  method: 'POST',
  path: 'api/v1/excel/report/exportDscReport',
  summary: 'Export the filtered certificates of the DSC report',
  origin: 'design',
  designNote: 'The report as a spreadsheet, its cells in the language asked for.',
  access: 'session',
  body: exportOf(orgGrid(CERTIFICATE_STATES)),
  answer: xlsx(DSC_REPORT_FILE_NAME),
  tenant: tenantIn('body', 'orgSlNo'),
});
