/**
 * The contract: every call, keyed by its id. Server routes, the client, the OpenAPI document and
 * the mock handlers are all made from this one record.
 */
import * as authentication from './authentication.js';
import * as certificates from './certificates.js';
import * as common from './common.js';
import * as enrolment from './enrolment.js';
import * as envelopes from './envelopes.js';
import type { Endpoint } from './endpoint.js';
import * as individual from './individual.js';
import * as invoices from './invoices.js';
import * as organization from './organization.js';
import * as providers from './providers.js';
import * as signing from './signing.js';

function endpointsOf<M extends Record<string, unknown>>(module: M) {
  return Object.values(module).filter(isEndpoint) as Extract<M[keyof M], Endpoint>[];
}

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'answer' in value && 'path' in value;
}

const ALL = [
  ...endpointsOf(authentication),
  ...endpointsOf(individual),
  ...endpointsOf(organization),
  ...endpointsOf(providers),
  ...endpointsOf(common),
  ...endpointsOf(enrolment),
  ...endpointsOf(certificates),
  ...endpointsOf(signing),
  ...endpointsOf(envelopes),
  ...endpointsOf(invoices),
];

type AnyEndpoint = (typeof ALL)[number];
export type EndpointId = AnyEndpoint['id'];

/** Every call by id. */
export const CONTRACT = Object.fromEntries(ALL.map((endpoint) => [endpoint.id, endpoint])) as {
  [E in AnyEndpoint as E['id']]: E;
};

/** Every call, in the order of SPEC §7's sections. */
export const ENDPOINTS: readonly Endpoint[] = ALL;

export { IDP, refreshBody } from './authentication.js';
export * from './endpoint.js';
export * as schemas from './schemas.js';
export { application, applicationDetails, applicationDraft } from './enrolment.js';
export {
  ENVELOPE_SIGNER_STATUSES,
  ENVELOPE_STATUSES,
  MAX_ENVELOPE_SIGNERS,
  envelopeDraft,
  type Envelope,
} from './envelopes.js';
export { LOGO_MAX_BYTES, LOGO_MAX_SIDE, LOGO_MEDIA_TYPES, LOGO_MIN_SIDE } from './organization.js';
export {
  VERIFY_MAX_BYTES,
  ownSigningRequest,
  signatureReport,
  signingApproval,
} from './signing.js';
