/**
 * Pre-enrolment (SPEC §2's pre-enrolment routes; issue 17). The spec names the routes only; the
 * calls are ours:
 * - the applicant proves who they are in the identity app first (after a captcha), which begins
 *   their application and gives this browser its secret (`applicationToken`);
 * - the application is saved as it is typed, its documents uploaded to it, then submitted;
 * - the e-mail address is verified by a signed, single-use link (opened anywhere: it needs no
 *   secret), resent on request within limits;
 * - a kind that carries a fee pays it at the gateway before the application is filed;
 * - the application's page says where it stands, up to the provider's decision.
 */
import {
  APPLICATION_KINDS,
  APPLICATION_STATUSES,
  DOCUMENT_CATEGORIES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MEDIA_TYPES,
  DOCUMENT_NAME_MAX_LENGTH,
  EMAIL_LINK_OUTCOMES,
  REVIEW_REQUEST_STATUSES,
  isValidCrNumber,
  isValidPostalCode,
  isValidUnifiedNumber,
} from '@tawqi/domain';
import { z } from 'zod';
import { defineEndpoint, json } from './endpoint.js';
import {
  approvalDocument,
  email,
  encodedId,
  isoDate,
  isoDateTime,
  listOf,
  maskedNationalId,
  mobile,
  nationalId,
  paymentAnswer,
  paymentStatusAnswer,
  requiredText,
  sar,
  slno,
  statusAnswer,
  text,
  uniqueFileId,
} from './schemas.js';

const captchaToken = z.string().min(1).max(8000);

/** A person named in an application (its sponsor, its technical contact). */
const contactDraft = z.strictObject({
  nameEnglish: text(150).optional(),
  nameArabic: text(150).optional(),
  email: text(254).optional(),
  mobile: text(20).optional(),
});
const contact = z.strictObject({
  nameEnglish: requiredText(150),
  nameArabic: requiredText(150),
  email,
  mobile,
});

/**
 * What an applicant has typed so far: every field optional and only its length checked, so a
 * half-filled step is kept (the formats are checked when it is submitted).
 */
export const applicationDraft = z.strictObject({
  organizationNameEnglish: text(200).optional(),
  organizationNameArabic: text(200).optional(),
  crNumber: text(20).optional(),
  crExpiryDate: text(20).optional(),
  unifiedNumber: text(20).optional(),
  email: text(254).optional(),
  mobile: text(20).optional(),
  telephone: text(20).optional(),
  countrySlno: text(10).optional(),
  stateSlno: text(10).optional(),
  citySlno: text(10).optional(),
  address: text(300).optional(),
  postalCode: text(10).optional(),
  sponsor: contactDraft.optional(),
  technicalContact: contactDraft.optional(),
});

const digits = (check: (value: string) => boolean, message: string) =>
  z.string().trim().refine(check, { message });

/** An application as it is submitted: every field there and in its format. */
export const applicationDetails = z.strictObject({
  organizationNameEnglish: requiredText(200),
  organizationNameArabic: requiredText(200),
  crNumber: digits(isValidCrNumber, 'not a commercial registration number'),
  crExpiryDate: isoDate,
  unifiedNumber: digits(isValidUnifiedNumber, 'not a unified national number'),
  /** The applicant's official address: the one verified, and the organization's. */
  email,
  /** The applicant's mobile. */
  mobile,
  /** The organization's telephone (a Saudi mobile or landline, as typed). */
  telephone: z
    .string()
    .trim()
    .regex(/^\+?[0-9\u0660-\u0669 -]{9,16}$/, { message: 'not a telephone number' }),
  countrySlno: z.string().regex(/^\d{1,9}$/),
  stateSlno: z.string().regex(/^\d{1,9}$/),
  citySlno: z.string().regex(/^\d{1,9}$/),
  address: requiredText(300),
  postalCode: digits(isValidPostalCode, 'not a postal code'),
  sponsor: contact,
  technicalContact: contact,
});

const applicationStatus = z.enum(APPLICATION_STATUSES);

/** An application, as its applicant reads it. */
export const application = z.object({
  reference: z.string(),
  kind: z.enum(APPLICATION_KINDS),
  status: applicationStatus,
  applicant: z.object({
    fullNameEnglish: z.string(),
    fullNameArabic: z.string(),
    nationalID: maskedNationalId,
  }),
  l1SipSlNo: slno.nullable(),
  details: applicationDraft,
  documents: z.array(approvalDocument),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  /** The registration fee of its kind, or null when it has none. */
  fee: z.object({ price: sar, tax: sar, totalPrice: sar }).nullable(),
  paid: z.boolean(),
  /** The latest payment attempt of its fee. */
  payment: paymentStatusAnswer.nullable(),
  submittedAt: isoDateTime.nullable(),
  /** The provider's decision, once filed. */
  decision: z
    .object({
      status: z.enum(REVIEW_REQUEST_STATUSES),
      statusLabel: z.string(),
      remarks: z.string().nullable(),
      decidedAt: isoDateTime.nullable(),
      providerName: z.string(),
    })
    .nullable(),
});

export const captchaChallenge = defineEndpoint({
  id: 'captchaChallenge',
  area: 'enrolment',
  method: 'GET',
  path: 'api/v1/common/captcha/challenge',
  summary: 'A proof-of-work challenge for the public forms (the embedded captcha)',
  origin: 'design',
  designNote:
    'The embedded captcha (ALTCHA): the browser solves it and sends the solution as its captcha ' +
    'token; each challenge is signed, expires in ten minutes and is accepted once.',
  access: 'public',
  answer: json(
    z.object({
      parameters: z.object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        keySignature: z.string().optional(),
        expiresAt: z.number().optional(),
      }),
      signature: z.string(),
    }),
  ),
});

export const enrolmentProviders = defineEndpoint({
  id: 'enrolmentProviders',
  area: 'enrolment',
  method: 'GET',
  path: 'api/v1/enrolment/providers',
  summary: 'The L1 providers an application may be made to',
  origin: 'design',
  designNote: 'Create account asks which provider the applicant applies to.',
  access: 'public',
  answer: json(listOf(z.object({ sipSlNo: slno, name: z.string() }))),
});

export const enrolmentNafathVerify = defineEndpoint({
  id: 'enrolmentNafathVerify',
  area: 'enrolment',
  method: 'POST',
  path: 'api/v1/enrolment/{idp}/verify',
  summary: 'The applicant proves who they are in the identity app (start, then poll)',
  origin: 'design',
  designNote:
    'The SPEC §4 pattern: without transId it starts (after the captcha); with it, it polls. An ' +
    'approval begins the applicant’s application, or resumes their open one, and answers the ' +
    'secret this browser then sends with the application’s calls. A verified e-mail link ' +
    '(`emailLink`, the token it carried) stands in for the captcha and continues its own ' +
    'application, once, in a browser that does not hold it.',
  access: 'public',
  params: z.strictObject({ idp: z.literal('nafath').default('nafath') }),
  body: z.strictObject({
    nationalID: nationalId,
    kind: z.enum(APPLICATION_KINDS),
    transId: requiredText(100).optional(),
    captchaToken: captchaToken.optional(),
    emailLink: z.string().min(1).max(1000).optional(),
  }),
  answer: json(
    statusAnswer.extend({
      transId: z.string().nullable(),
      random: z.string().nullable(),
      applicationToken: z.string().nullable(),
    }),
  ),
});

export const myApplication = defineEndpoint({
  id: 'myApplication',
  area: 'enrolment',
  method: 'GET',
  path: 'api/v1/enrolment/application',
  summary: 'The application this browser is making, and where it stands',
  origin: 'design',
  designNote: 'Create account, payment and after-verification read it.',
  access: 'applicant',
  answer: json(application),
});

export const saveApplication = defineEndpoint({
  id: 'saveApplication',
  area: 'enrolment',
  method: 'POST',
  path: 'api/v1/enrolment/application/save',
  summary: 'Keep what the applicant has typed so far',
  origin: 'design',
  designNote:
    'Each step is saved as the applicant goes on, so a reload or another day loses nothing.',
  access: 'applicant',
  body: z.strictObject({
    kind: z.enum(APPLICATION_KINDS),
    l1SipSlNo: slno.nullable(),
    details: applicationDraft,
  }),
  answer: json(application),
});

export const uploadApplicationDocument = defineEndpoint({
  id: 'uploadApplicationDocument',
  area: 'enrolment',
  method: 'POST',
  path: 'api/v1/enrolment/application/documents',
  summary: 'Upload a supporting document of the application',
  origin: 'design',
  designNote:
    'The same checks as every upload (modules/documents): PDF, PNG or JPEG by content, 10 MiB, a ' +
    'clean name, a random key; at most five per application.',
  access: 'applicant',
  query: z.strictObject({
    name: requiredText(DOCUMENT_NAME_MAX_LENGTH * 2),
    category: z.enum(DOCUMENT_CATEGORIES),
  }),
  upload: { mediaTypes: DOCUMENT_MEDIA_TYPES, maxBytes: DOCUMENT_MAX_BYTES },
  answer: json(approvalDocument),
});

export const removeApplicationDocument = defineEndpoint({
  id: 'removeApplicationDocument',
  area: 'enrolment',
  method: 'POST',
  path: 'api/v1/enrolment/application/documents/remove',
  summary: 'Remove a document from the application before it is submitted',
  origin: 'design',
  designNote: 'A wrong file is taken out and another uploaded.',
  access: 'applicant',
  body: z.strictObject({ uniqueFileId }),
  answer: json(statusAnswer),
});

export const submitApplication = defineEndpoint({
  id: 'submitApplication',
  area: 'enrolment',
  method: 'POST',
  path: 'api/v1/enrolment/application/submit',
  summary: 'Submit the application: its details checked, the agreement accepted, the e-mail sent',
  origin: 'design',
  designNote:
    'Every field is checked in its format; the subscriber agreement’s version in force is ' +
    'accepted (recorded with the language it was read in); a verification link is e-mailed.',
  access: 'applicant',
  body: z.strictObject({
    kind: z.enum(APPLICATION_KINDS),
    l1SipSlNo: slno,
    details: applicationDetails,
    agreementVersion: requiredText(40),
    captchaToken,
  }),
  answer: json(application),
});

export const resendApplicationEmail = defineEndpoint({
  id: 'resendApplicationEmail',
  area: 'enrolment',
  method: 'POST',
  path: 'api/v1/enrolment/application/email/resend',
  summary: 'Send the verification link again (only the newest link is good)',
  origin: 'design',
  designNote: 'At most three an hour per application and per address (429 with Retry-After).',
  access: 'applicant',
  answer: json(statusAnswer),
});

export const verifyApplicationEmail = defineEndpoint({
  id: 'verifyApplicationEmail',
  area: 'enrolment',
  method: 'POST',
  path: 'api/v1/enrolment/email/verify',
  summary: 'Open an e-mail verification link',
  origin: 'design',
  designNote:
    'The link’s token is signed by the server and used once; the answer says what happened ' +
    '(verified, expired, used, superseded by a newer link, not a link of ours), and the ' +
    'application’s kind, for continuing it with the link (enrolmentNafathVerify).',
  access: 'public',
  body: z.strictObject({ token: z.string().min(1).max(1000) }),
  answer: json(
    z.object({
      outcome: z.enum(EMAIL_LINK_OUTCOMES),
      reference: z.string().nullable(),
      status: applicationStatus.nullable(),
      kind: z.enum(APPLICATION_KINDS).nullable(),
    }),
  ),
});

export const payApplicationFee = defineEndpoint({
  id: 'payApplicationFee',
  area: 'enrolment',
  method: 'POST',
  path: 'api/v1/enrolment/application/pay',
  summary: 'Pay the registration fee at the gateway (once the e-mail is verified)',
  origin: 'design',
  designNote: 'The order is the application’s, made once; a retry returns to the open attempt.',
  access: 'applicant',
  answer: json(paymentAnswer.extend({ price: sar, tax: sar, totalPrice: sar })),
  idempotent: true,
});

export const applicationPaymentStatus = defineEndpoint({
  id: 'applicationPaymentStatus',
  area: 'enrolment',
  method: 'POST',
  path: 'api/v1/enrolment/application/payment/status',
  summary: 'How a fee payment stands; with recheck, the gateway is asked again',
  origin: 'design',
  designNote: '/paymentstatus-prelogin shows it; recheck settles a payment the callback missed.',
  access: 'applicant',
  body: z.strictObject({ encodedPaymentSlno: encodedId, recheck: z.boolean().default(false) }),
  answer: json(paymentStatusAnswer),
});

const invitationToken = z.string().min(1).max(1000);

/** An invitation, as the person invited reads it. */
export const invitation = z.object({
  outcome: z.enum(['valid', 'expired', 'used', 'cancelled', 'invalid']),
  organizationName: z.string().nullable(),
  role: z.string().nullable(),
  nationalID: maskedNationalId.nullable(),
  /** Whether this browser has verified the person already (the details come next). */
  verified: z.boolean(),
});

export const openInvitation = defineEndpoint({
  id: 'openInvitation',
  area: 'enrolment',
  method: 'POST',
  path: 'api/v1/orguser/invitation/open',
  summary: 'Open an invitation link (/verify-orgUser)',
  origin: 'design',
  designNote:
    'The link is signed and expires in seven days; the answer names the organization and the ' +
    'role, and the national id only masked.',
  access: 'public',
  body: z.strictObject({ token: invitationToken }),
  answer: json(invitation),
});

export const invitationNafathVerify = defineEndpoint({
  id: 'invitationNafathVerify',
  area: 'enrolment',
  method: 'POST',
  path: 'api/v1/orguser/invitation/{idp}/verify',
  summary: 'The person invited proves who they are in the identity app (start, then poll)',
  origin: 'design',
  designNote:
    'Only the national id invited is asked (another is refused without saying whose it is); the ' +
    'approval is kept for this browser to complete the details with.',
  access: 'public',
  params: z.strictObject({ idp: z.literal('nafath').default('nafath') }),
  body: z.strictObject({
    token: invitationToken,
    nationalID: nationalId,
    transId: requiredText(100).optional(),
  }),
  answer: json(
    statusAnswer.extend({ transId: z.string().nullable(), random: z.string().nullable() }),
  ),
});

export const invitationDetails = defineEndpoint({
  id: 'invitationDetails',
  area: 'enrolment',
  method: 'POST',
  path: 'api/v1/orguser/invitation/details',
  summary: 'What the verified person reviews (/verify-orgUser-details)',
  origin: 'design',
  designNote: 'Names as the identity app gave them, and what the organization asked for.',
  access: 'public',
  body: z.strictObject({ token: invitationToken }),
  answer: json(
    z.object({
      fullNameEnglish: z.string(),
      fullNameArabic: z.string(),
      nationalID: maskedNationalId,
      organizationName: z.string(),
      role: z.string(),
      unit: z.string(),
      email: z.string(),
      mobileNo: z.string(),
      agreementVersion: z.string(),
    }),
  ),
});

export const completeInvitation = defineEndpoint({
  id: 'completeInvitation',
  area: 'enrolment',
  method: 'POST',
  path: 'api/v1/orguser/invitation/complete',
  summary: 'Confirm the details and accept the subscriber agreement; the request goes to approval',
  origin: 'design',
  designNote: 'The acceptance is recorded with its version and language; the request is Pending.',
  access: 'public',
  body: z.strictObject({
    token: invitationToken,
    email,
    mobileNo: mobile,
    agreementVersion: requiredText(40),
  }),
  answer: json(statusAnswer),
});
