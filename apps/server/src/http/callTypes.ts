/**
 * What a call's handler is given and answers, and what the routes need of callers: the types the
 * contract's routes (contractRoutes.ts) and every area's handlers share.
 */
import type { CONTRACT, Endpoint, EndpointId, RecordKind, TenantField } from '@tawqi/api';
import type { Language, ServiceProviderLevel, WorkspaceRole } from '@tawqi/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { AuditContext } from '../modules/audit/log.js';
import type { FileAnswer } from './download.js';

/** The tenant a call acts in, and the caller's roles there (modules/access/tenancy.ts finds it). */
export interface TenantContext {
  /** The organization the call acts in; null when the tenant is a provider (L2 management). */
  organization: { slno: number; type: number; queryId: number } | null;
  /** The organization's provider, or the provider itself. */
  provider: { slno: number; level: ServiceProviderLevel };
  /** The caller's roles there: in the organization, or on the provider's staff. */
  roles: readonly WorkspaceRole[];
}

/** Who is calling, when a valid session token came with the request. */
export interface Caller {
  userSlno: number;
  sessionId: string;
  deviceId: string;
}

export interface CallInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

/** A call's parsed input, typed from its contract entry (a part it does not declare is empty). */
type PartOf<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
export interface InputOf<E extends Endpoint> {
  params: PartOf<E['params']>;
  query: PartOf<E['query']>;
  body: PartOf<E['body']>;
}

/** The bytes an upload call received, and the media type the sender said they are. */
export interface Upload {
  bytes: Buffer;
  mediaType: string;
}

/** Where an upload came from: its call, and the name and type it was sent with. */
export interface UploadSource {
  call: string;
  name?: string | null;
  mediaType?: string | null;
}

/**
 * What the portal's upload calls do with an upload before their handler sees it (the documents
 * area's scan, handed in where the server is put together).
 */
export type UploadInspector = (
  upload: Upload,
  source: UploadSource,
  context: AuditContext,
) => Promise<void>;

/** What a handler answers: what the contract's answer schema accepts, or a file for exports. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends {
  kind: 'json';
  schema: infer S extends z.ZodType;
}
  ? z.input<S>
  : FileAnswer | Buffer | Readable;

export interface HandlerContext<E extends Endpoint = Endpoint> {
  input: E extends Endpoint ? InputOf<E> : CallInput;
  caller: Caller | null;
  /** The organization or provider an organization call acts in (null for the others). */
  tenant: TenantContext | null;
  /** The pre-enrolment application an applicant call acts on (null for the others). */
  applicant: Applicant | null;
  language: Language;
  deviceId: string;
  /** An upload call's file (null for the others). */
  upload: Upload | null;
  /** Who and where, for the audit log. */
  audit: AuditContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Contract = typeof CONTRACT;

/** A call's handler: its input and its answer typed by its contract entry. */
export type Handler<I extends EndpointId = EndpointId> = (
  context: HandlerContext<Contract[I]>,
) => Promise<AnswerOf<Contract[I]>>;
export type Handlers = { [I in EndpointId]?: Handler<I> };

/** What the routes need to know about callers; the sessions module provides it. */
export interface Access {
  /** The caller of a request with a valid access token, else null (expired, tampered, revoked). */
  callerOf(request: FastifyRequest): Promise<Caller | null>;
  /**
   * The caller and, in the same round trip, their tenants the field's value names: the hot path
   * of every organization call (caller null when the token or session is not valid).
   */
  callerIn(
    request: FastifyRequest,
    kind: TenantField['kind'],
    value: number,
  ): Promise<{ caller: Caller | null; tenants: TenantContext[] }>;
  /** The caller's tenants the field's value names (several only for query ids). */
  tenantsNamed(
    userSlno: number,
    kind: TenantField['kind'],
    value: number,
  ): Promise<TenantContext[]>;
  /** Whether a record of the kind and id belongs to the tenant. */
  tenantOwns(tenant: TenantContext, kind: RecordKind, id: number | string): Promise<boolean>;
}

/** A pre-enrolment application, as the secret its browser holds names it. */
export interface Applicant {
  applicationSlno: number;
}

/** Finds the application a request's X-APPLICATION-TOKEN names; the enrolment module provides it. */
export type ApplicantOf = (request: FastifyRequest) => Promise<Applicant | null>;
