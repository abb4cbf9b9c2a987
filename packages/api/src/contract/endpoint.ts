/**
 * One declaration per call: what the portal sends, what the server answers, and what the server
 * must check. The client, the server's routes, the OpenAPI document and the mock handlers are all
 * generated from these declarations, so they cannot drift apart.
 */
import type { PageBase } from '@tawqi/domain';
import { z } from 'zod';
import type { ErrorCode } from '../errors.js';

/** The sections of SPEC §7, plus the areas our design adds. */
export const AREAS = [
  'authentication',
  'subscription',
  'transactions',
  'manageUsers',
  'referenceData',
  'approvals',
  'reports',
  'buying',
  'specialPlans',
  'profile',
  'orgEsignTransactions',
  'dashboards',
  'l2Management',
  'translations',
  'payments',
  'contact',
  'documents',
  'enrolment',
  'certificates',
  'signing',
] as const;
export type Area = (typeof AREAS)[number];

/**
 * Where a call comes from:
 * - `spec`: listed in SPEC §7 with its path;
 * - `spec-hidden`: listed in SPEC §7 only as `POST {hash}` / `POST {token}`; the path and shape are
 *   our design, in the spec's naming style;
 * - `design`: not in the spec at all, but a screen or rule of the spec needs it.
 */
export type Origin = Endpoint['origin'];

/** Where a request carries a field. */
export type FieldPlace = 'path' | 'query' | 'body';

/**
 * The one field that names the tenant an organization or provider call acts in (issue 13). The
 * server resolves it, with the caller's membership, into one tenant context before the handler
 * runs:
 * - `organization`: an organization's slno; the caller must be an active member;
 * - `organizationQueryId`: the id an organization's queries use (SPEC §6: its slno for type 1,
 *   else its provider's slno); it must resolve to exactly one organization the caller is a member
 *   of (domain `queryIdOf` has the rule);
 * - `provider`: a provider's slno; the caller must be on its staff (issue 36), never only a
 *   member of one of its customer organizations.
 */
export interface TenantField {
  kind: 'organization' | 'organizationQueryId' | 'provider';
  in: FieldPlace;
  field: string;
}

/**
 * The kinds of record an organization or provider call may name besides its tenant; each must
 * belong to the tenant, or the server answers "not found" (issue 13).
 * - `tenantQueryId`: the tenant organization's own query id, repeated (it must be the same);
 * - `organizationUser`: a person's membership of the tenant organization (any status);
 * - `changeRequest`, `newUserRequest` (a UAV request), `organizationUnit`, `purchase` (counter and role plan purchases),
 *   `specialPlanRequest`, `purchaseOrder`: the tenant organization's records of that kind;
 * - `esignTransaction`: an eSign transaction made in the tenant organization;
 * - `l2Request`: a request of an L2 provider to the tenant L1 provider;
 * - `providerSpecialPlanRequest`, `providerPurchaseOrder`: a special plan request or a purchase
 *   order made to the tenant L1 provider;
 * - `organizationInvoice`, `providerInvoice`: a paid order of the tenant organization (or the
 *   registration fee of the application it came from) or of the tenant provider (its encoded id);
 * - `l2Provider`: an L2 provider under the tenant L1 provider;
 * - `l2Organization`: an L2 provider's own organization, named by its request to the tenant L1 provider;
 * - `document`: a stored document of the tenant organization (its id is a random string);
 * - `l2RequestDocument`: a document of an L2 provider's request to the tenant L1 provider;
 * - `certificateRequest`: a member's request for a certificate bound to the tenant organization
 *   (its reference).
 */
export const RECORD_KINDS = [
  'tenantQueryId',
  'organizationUser',
  'changeRequest',
  'newUserRequest',
  'organizationUnit',
  'purchase',
  'specialPlanRequest',
  'purchaseOrder',
  'providerSpecialPlanRequest',
  'providerPurchaseOrder',
  'organizationInvoice',
  'providerInvoice',
  'esignTransaction',
  'l2Request',
  'l2Provider',
  'l2Organization',
  'document',
  'l2RequestDocument',
  'certificateRequest',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export interface RecordField {
  kind: RecordKind;
  in: FieldPlace;
  field: string;
}

/** A tenant field of a call (`organization` unless said). */
export function tenantIn(
  place: FieldPlace,
  field: string,
  kind: TenantField['kind'] = 'organization',
): TenantField {
  return { kind, in: place, field };
}

/** A record id a call carries, which must belong to its tenant. */
export function recordIn(place: FieldPlace, field: string, kind: RecordKind): RecordField {
  return { kind, in: place, field };
}

export type Answer =
  | { kind: 'json'; schema: z.ZodType }
  /** An export: a blob saved as an .xlsx file with the spec's file name (SPEC §7, §9). */
  | { kind: 'blob'; fileName: string; mediaType: string }
  /** A stored document: its name and media type are the server's (Content-Disposition, -Type). */
  | { kind: 'document' };

/** A call not written in the spec must say why it exists. */
type Provenance =
  | { origin: 'spec'; designNote?: string }
  | { origin: 'spec-hidden' | 'design'; designNote: string };

export type Endpoint = Provenance & EndpointShape;

interface EndpointShape {
  /** A stable camelCase name: the OpenAPI operationId and the key of the contract. */
  id: string;
  area: Area;
  method: 'GET' | 'POST';
  /** The path exactly as SPEC §7 writes it (with or without a leading slash); `{idp}` is nafath. */
  path: string;
  summary: string;
  /**
   * `public` calls need no session; `applicant` calls need none either but act on the
   * pre-enrolment application whose secret the browser holds (the X-APPLICATION-TOKEN header,
   * issue 17); every other call needs a session.
   */
  access: 'public' | 'session' | 'applicant';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  answer: Answer;
  /** How the call numbers its pages, for paged calls (SPEC §5). */
  pageBase?: PageBase;
  /** The tenant an organization or provider call acts in; absent for public and own calls. */
  tenant?: TenantField;
  /** The other ids of the tenant's records that the request names. */
  records?: readonly RecordField[];
  /** Calls with money effects take an Idempotency-Key header (SECURITY.md). */
  idempotent?: boolean;
  /** A call whose body is a file's bytes, sent as they are with the file's media type. */
  upload?: { mediaTypes: readonly string[]; maxBytes: number };
  /**
   * A JSON body larger than the server's usual limit (documents sent whole); the caller's session
   * is checked before such a body is read.
   */
  bodyBytes?: number;
  /**
   * Refusals beyond those its declaration implies (openapi.ts errorCodesOf), by status: a public
   * call that checks a token of its own answers 401 when it is spent.
   */
  refusals?: Partial<Record<number, readonly ErrorCode[]>>;
}

/**
 * Keeps the literal types of a declaration, so `call()` knows its input and output. A paged
 * body's `pageNumber` takes its range from the declared `pageBase`, here once for every grid: a
 * page 0 of a one-based grid is refused as input, never read as a negative offset.
 */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  const { body, pageBase } = endpoint;
  if (pageBase && body instanceof z.ZodObject && 'pageNumber' in body.shape)
    return {
      ...endpoint,
      body: body.extend({
        pageNumber: z
          .int()
          .min(pageBase === 'one' ? 1 : 0)
          .max(1_000_000),
      }),
    };
  return endpoint;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What `call()` takes for an endpoint: only the parts it declares. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: InputOf<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query: InputOf<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: InputOf<E['body']> } : { body?: never }) &
  (E['upload'] extends object ? { file: Blob } : { file?: never });

/** What `call()` resolves to: the parsed answer, or a downloaded file. */
export type EndpointOutput<E extends Endpoint> = E['answer'] extends {
  kind: 'json';
  schema: infer S extends z.ZodType;
}
  ? z.output<S>
  : DownloadedFile;

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The answer of an export with the spec's file name. */
export function xlsx(fileName: string): Extract<Answer, { kind: 'blob' }> {
  return { kind: 'blob', fileName, mediaType: XLSX_MEDIA_TYPE };
}

/** A JSON answer. */
export function json<S extends z.ZodType>(schema: S): { kind: 'json'; schema: S } {
  return { kind: 'json', schema };
}

/** The `{name}` placeholders of a path, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1] as string);
}

/** The path with a leading slash, as URLs, OpenAPI and the server's router write it. */
export function absolutePath(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}
