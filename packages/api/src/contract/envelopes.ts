/**
 * Envelopes (issue 44's third part): a PDF its sender sends to one to five Tawqi users to sign in
 * order. Each signer is told in the app and by e-mail or SMS when it is their turn, opens the
 * document, signs it in the identity app (their signature extends the PDF: the earlier ones stay
 * valid) or declines it with a reason, which ends it. The sender and the signers see where it
 * stands; the finished PDF holds every signature. The sender's plan (or organization's counters)
 * pays, one counter per signature.
 */
import { z } from 'zod';
import { MAX_REQUEST_BYTES, parseStampPlacement, pdfDocument } from '../integration.js';
import { ownSigningAnswer } from './signing.js';
import { defineEndpoint, json, tenantIn } from './endpoint.js';
import { email, isoDateTime, nationalId, requiredText, slno } from './schemas.js';

export const MAX_ENVELOPE_SIGNERS = 5;
export const ENVELOPE_STATUSES = ['inProgress', 'completed', 'declined'] as const;
/** A signer's state: not yet their turn, asked (their turn), signed, or declined. */
export const ENVELOPE_SIGNER_STATUSES = ['waiting', 'asked', 'signed', 'declined'] as const;

const envelopeId = z.string().regex(/^EN-[0-9A-Z]{16}$/);

/** One place: `page-x1,y1,x2,y2` in points from the page's lower left. */
const signerPlacement = z
  .string()
  .max(100)
  .regex(/^\d+-[\d.]+,[\d.]+,[\d.]+,[\d.]+$/)
  .refine((text) => parseStampPlacement(text)?.length === 1, 'page-x1,y1,x2,y2')
  .describe('page-x1,y1,x2,y2: a page (from 1) and a rectangle on it in points, at least 80 × 36');

/** One signer as the sender names them: a Tawqi user by national id, or anyone by e-mail, and their stamp's place. */
export const envelopeSigner = z.union([
  z.strictObject({ nationalId, placement: signerPlacement }),
  z.strictObject({ email, placement: signerPlacement }),
]);

export const envelopeDraft = z.strictObject({
  title: requiredText(200),
  document: pdfDocument.omit({ stamp: true }),
  signers: z.array(envelopeSigner).min(1).max(MAX_ENVELOPE_SIGNERS),
});

export const envelope = z.object({
  envelopeID: envelopeId,
  title: z.string(),
  documentName: z.string(),
  status: z.enum(ENVELOPE_STATUSES),
  createdDate: isoDateTime,
  endedDate: isoDateTime.nullable(),
  senderName: z.string(),
  /** Whether the caller sent it (else they are one of its signers). */
  sentByMe: z.boolean(),
  /** Whether the caller is the signer asked now. */
  myTurn: z.boolean(),
  signers: z.array(
    z.object({
      position: z.number().int().min(1).max(MAX_ENVELOPE_SIGNERS),
      name: z.string(),
      isMe: z.boolean(),
      placement: z.string(),
      status: z.enum(ENVELOPE_SIGNER_STATUSES),
      decidedDate: isoDateTime.nullable(),
      declineReason: z.string().nullable(),
    }),
  ),
});
export type Envelope = z.infer<typeof envelope>;

const envelopeParams = z.strictObject({ envelopeID: envelopeId });

const sendNote =
  'Issue 44: the sender names one to five Tawqi users in order (by national id or e-mail) and each ' +
  'one’s stamp place; the first is told at once. Each signature is taken from the sender’s plan ' +
  '(or the organization’s counters) when that signer approves; sending is refused when fewer ' +
  'counters are left than signers. An unknown national id is a field error; nothing is kept. An ' +
  'e-mail address is taken as given, registered or not (the answer tells no one which): at its ' +
  'turn its Tawqi user is asked, or, when it is nobody’s yet, it is invited by e-mail to register, ' +
  'and the envelope is theirs once they have; until a signer signs or declines, others see the ' +
  'address the sender gave.';

export const sendEnvelope = defineEndpoint({
  id: 'sendEnvelope',
  area: 'signing',
  method: 'POST',
  path: 'api/v1/esign/envelopes',
  summary: 'Send a PDF to others to sign in order, on my plan',
  origin: 'design',
  designNote: sendNote,
  access: 'session',
  body: envelopeDraft,
  bodyBytes: MAX_REQUEST_BYTES,
  idempotent: true,
  answer: json(z.object({ envelopeID: envelopeId })),
});

export const orgSendEnvelope = defineEndpoint({
  id: 'orgSendEnvelope',
  area: 'signing',
  method: 'POST',
  path: 'api/v1/esign/org/{organization}/envelopes',
  summary: 'Send a PDF to others to sign in order, on the organization’s counters',
  origin: 'design',
  designNote: sendNote,
  access: 'session',
  params: z.strictObject({ organization: z.coerce.number().pipe(slno) }),
  tenant: tenantIn('path', 'organization'),
  body: envelopeDraft,
  bodyBytes: MAX_REQUEST_BYTES,
  idempotent: true,
  answer: json(z.object({ envelopeID: envelopeId })),
});

export const myEnvelopes = defineEndpoint({
  id: 'myEnvelopes',
  area: 'signing',
  method: 'GET',
  path: 'api/v1/esign/envelopes',
  summary: 'The envelopes I sent or am named in, newest first',
  origin: 'design',
  designNote: 'Issue 44: the sender and each signer see where an envelope stands.',
  access: 'session',
  answer: json(z.object({ dataList: z.array(envelope) })),
});

export const envelopeDetails = defineEndpoint({
  id: 'envelopeDetails',
  area: 'signing',
  method: 'GET',
  path: 'api/v1/esign/envelopes/{envelopeID}',
  summary: 'One envelope I sent or am named in: its signers and where it stands',
  origin: 'design',
  designNote: 'Issue 44. Anyone else is answered "not found".',
  access: 'session',
  params: envelopeParams,
  answer: json(envelope),
});

export const envelopeDocument = defineEndpoint({
  id: 'envelopeDocument',
  area: 'signing',
  method: 'GET',
  path: 'api/v1/esign/envelopes/{envelopeID}/document',
  summary:
    'The envelope’s PDF as it stands: with every signature so far (all of them once finished)',
  origin: 'design',
  designNote: 'Issue 44: for the sender and its signers only.',
  access: 'session',
  params: envelopeParams,
  answer: { kind: 'document' },
});

export const signEnvelope = defineEndpoint({
  id: 'signEnvelope',
  area: 'signing',
  method: 'POST',
  path: 'api/v1/esign/envelopes/{envelopeID}/sign',
  summary:
    'Sign the envelope’s PDF when it is my turn: the approval in the identity app comes next',
  origin: 'design',
  designNote:
    'Issue 44: the same signing path as every signature (the portal’s own application), paid by ' +
    'the sender. Asked again while that approval waits, the same one is answered.',
  access: 'session',
  params: envelopeParams,
  body: z.strictObject({ consent: z.literal(true) }),
  idempotent: true,
  answer: json(ownSigningAnswer),
});

export const declineEnvelope = defineEndpoint({
  id: 'declineEnvelope',
  area: 'signing',
  method: 'POST',
  path: 'api/v1/esign/envelopes/{envelopeID}/decline',
  summary: 'Decline to sign, with a reason: the envelope ends and everyone is told',
  origin: 'design',
  designNote:
    'Issue 44: a signer who has not signed may decline while the envelope is in progress.',
  access: 'session',
  params: envelopeParams,
  body: z.strictObject({ reason: requiredText(500) }),
  idempotent: true,
  answer: json(envelope),
});
