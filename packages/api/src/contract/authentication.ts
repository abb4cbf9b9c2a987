/** Authentication (SPEC §7 "Authentication"; SPEC §4 "Identity-app login", "Session"). */
import { z } from 'zod';
import { defineEndpoint, json } from './endpoint.js';
import { nationalId, sessionData, statusAnswer, requiredText } from './schemas.js';

/** The identity service of the `{idp}` segment (ARCHITECTURE.md: Nafath). */
export const IDP = 'nafath';

/** `{idp}` is always the national identity service; callers may leave it out. */
const idpParams = z.strictObject({ idp: z.literal(IDP).default(IDP) });

const initiateBody = z.strictObject({ nationalID: nationalId });

/**
 * The initiate answer: status and errorMessage "returned together with nationalID" (SPEC §7),
 * plus the identity app's transaction id and the two-digit number the user picks (ours, from the
 * Nafath MFA API the adapter speaks).
 */
export const initiateAnswer = statusAnswer.extend({
  nationalID: z.string(),
  transId: z.string().nullable(),
  random: z
    .string()
    .regex(/^\d{2}$/)
    .nullable(),
});

/**
 * The verify payload (SPEC §7: "not shown"): the national id and the transaction to check.
 * The server also checks that the browser polling is the one that started it (X-DEVICE-ID).
 */
const verifyBody = z.strictObject({ nationalID: nationalId, transId: requiredText(100) });

/**
 * The verify answer: "3" waiting, "1" approved, "0" failed with errorMessage (SPEC §4). An
 * approved login or enrolment carries the session data (the refresh token it stores).
 */
const verifyAnswer = statusAnswer.extend({
  session: sessionData.nullable(),
  /**
   * Ours: why an approved login found nothing to sign in to, when the person can act on it:
   * `notRegistered`, the identity has no account yet (the portal offers to create one).
   */
  reason: z.enum(['notRegistered']).nullable(),
});

export const nafathLoginInitiate = defineEndpoint({
  id: 'nafathLoginInitiate',
  area: 'authentication',
  method: 'POST',
  path: `api/v1/auth/{idp}/login/initiate`,
  summary: 'Start a login through the national identity app',
  origin: 'spec',
  access: 'public',
  params: idpParams,
  body: initiateBody,
  answer: json(initiateAnswer),
});

export const nafathEnrollmentInitiate = defineEndpoint({
  ...nafathLoginInitiate,
  id: 'nafathEnrollmentInitiate',
  path: 'api/v1/auth/{idp}/enrollment/initiate',
  summary: 'Start an enrolment (creates the individual user) through the national identity app',
});

export const nafathLoginVerify = defineEndpoint({
  id: 'nafathLoginVerify',
  area: 'authentication',
  method: 'POST',
  path: 'api/v1/auth/{idp}/login/verify',
  summary: 'Poll a login: waiting, approved with the session, or failed',
  origin: 'spec',
  designNote: 'The verify payload and answer are not shown in the spec; these are ours.',
  access: 'public',
  params: idpParams,
  body: verifyBody,
  answer: json(verifyAnswer),
});

export const nafathEnrollmentVerify = defineEndpoint({
  ...nafathLoginVerify,
  id: 'nafathEnrollmentVerify',
  path: 'api/v1/auth/{idp}/enrollment/verify',
  summary: 'Poll an enrolment: waiting, approved with the session, or failed',
});

export const credentialsLoginInitiate = defineEndpoint({
  id: 'credentialsLoginInitiate',
  area: 'authentication',
  method: 'POST',
  path: 'api/v1/auth/credentials/login/initiate',
  summary: 'Check credentials and send a one-time code',
  origin: 'design',
  designNote:
    'The spec lists only verifyOTP; a code must first be sent. The answer is the same for known ' +
    'and unknown users (no account enumeration): a reference to verify against and where the code went, masked.',
  access: 'public',
  body: z.strictObject({ username: requiredText(100), password: z.string().min(1).max(200) }),
  answer: json(
    statusAnswer.extend({
      otpReference: z.string().nullable(),
      maskedDestination: z.string().nullable(),
      expiresInSeconds: z.int().positive().nullable(),
    }),
  ),
});

export const credentialsVerifyOtp = defineEndpoint({
  id: 'credentialsVerifyOtp',
  area: 'authentication',
  method: 'POST',
  path: 'api/v1/auth/credentials/login/verifyOTP',
  summary: 'Verify the one-time code and sign in',
  origin: 'spec',
  designNote: 'The one-time code payload is not shown; this is ours.',
  access: 'public',
  body: z.strictObject({
    otpReference: requiredText(100),
    otp: z.string().regex(/^\d{6}$/),
  }),
  answer: json(verifyAnswer),
});

/** The refresh payload (SPEC §3 "Session refresh payload"). */
export const refreshBody = z.strictObject({
  refreshToken: requiredText(500),
  deviceID: requiredText(200),
});

export const refresh = defineEndpoint({
  id: 'refresh',
  area: 'authentication',
  method: 'POST',
  path: 'api/v1/auth/refresh',
  summary: 'Rotate the refresh token and get a new access token',
  origin: 'spec',
  designNote:
    'When the session is over the server answers 401 with detail TOKEN_EXPIRED (SPEC §8).',
  access: 'public',
  body: refreshBody,
  answer: json(sessionData),
  refusals: { 401: ['UNAUTHENTICATED'] },
});

export const kycRenewalInitiate = defineEndpoint({
  id: 'kycRenewalInitiate',
  area: 'authentication',
  method: 'POST',
  path: 'api/v1/auth/kyc/renewal/initiate',
  summary: 'Start renewing the signed-in user’s identity verification',
  origin: 'spec',
  designNote: 'The national id is the signed-in user’s own; the body is empty.',
  access: 'session',
  body: z.strictObject({}),
  answer: json(initiateAnswer),
});

export const kycRenewalVerify = defineEndpoint({
  id: 'kycRenewalVerify',
  area: 'authentication',
  method: 'POST',
  path: 'api/v1/auth/kyc/renewal/verify',
  summary: 'Poll a KYC renewal',
  origin: 'spec',
  access: 'session',
  body: z.strictObject({ transId: requiredText(100) }),
  answer: json(statusAnswer.extend({ kycValidTill: z.iso.date().nullable() })),
});

export const keepAlive = defineEndpoint({
  id: 'keepAlive',
  area: 'authentication',
  method: 'POST',
  path: 'api/v1/auth/keepalive',
  summary: 'Tell the server the person is using the page: the session stays active',
  origin: 'design',
  designNote:
    'SPEC §4 counts requests as activity; reading or typing sends none. The portal sends this at most once a minute while the person uses the page, and from the inactivity warning’s "Stay signed in".',
  access: 'session',
  body: z.strictObject({}),
  answer: json(statusAnswer),
});

export const logout = defineEndpoint({
  id: 'logout',
  area: 'authentication',
  method: 'POST',
  path: 'api/v1/auth/logout',
  summary: 'End the session on the server (revokes the refresh-token family)',
  origin: 'design',
  designNote: 'SECURITY.md: logout revokes the session server-side; the spec lists no call for it.',
  access: 'session',
  body: z.strictObject({}),
  answer: json(statusAnswer),
});
