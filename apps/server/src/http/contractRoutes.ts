/**
 * Routes made from the api contract: each call's input is parsed by the contract's own schemas
 * (strict: unknown fields refused), the caller is authorized by the call's policy against the
 * database on every request, and the answer is parsed by the contract before it leaves (only
 * declared fields are sent). Server and client cannot drift: they read the same declarations.
 */
import type { CONTRACT } from '@tawqi/api';
import {
  ENDPOINTS,
  absolutePath,
  type Endpoint,
  type EndpointId,
  type FieldPlace,
  type RecordKind,
  type TenantField,
} from '@tawqi/api';
import {
  PERMISSIONS,
  PROVIDER_ROLES,
  isAllowed,
  type Language,
  type ServiceProviderLevel,
  type WorkspaceRole,
} from '@tawqi/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { auditContextOf, type AuditContext } from '../modules/audit/log.js';
import { FileAnswer, downloadHeaders } from './download.js';
import { AppError, fieldMessage, languageOf } from './errors.js';
import type { IdempotencyStore } from './idempotency.js';
import type { Policy } from './policies.js';

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

/** The caller of a session call (the policy has already refused anonymous callers). */
export function requireCaller(caller: Caller | null): Caller {
  if (!caller) throw new AppError(401, 'UNAUTHENTICATED');
  return caller;
}

/** A route the server refuses to start with: no policy, or an organization call with no tenant. */
export class PolicyMissingError extends Error {
  override readonly name = 'PolicyMissingError';
}

/** The fastify path of a contract path: `{name}` becomes `:name`, with a leading slash. */
export function routePath(endpoint: Endpoint): string {
  return absolutePath(endpoint.path).replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

/** The ids of the calls that have no handler yet (they answer 501). */
export function unimplemented(handlers: Handlers): EndpointId[] {
  return ENDPOINTS.filter((endpoint) => !handlers[endpoint.id as EndpointId]).map(
    (endpoint) => endpoint.id as EndpointId,
  );
}

export function registerContractRoutes(
  app: FastifyInstance,
  options: {
    handlers: Handlers;
    /**
     * An upload call's own capacity, asked before its body is read: a call that would turn the
     * file away anyway (busy) says so without first taking in its megabytes.
     */
    admissions?: Partial<Record<EndpointId, (request: FastifyRequest) => void>>;
    /** Every upload is shown to it (the malware scanner) before the call's handler runs. */
    inspectUpload?: UploadInspector;
    policies: Partial<Record<string, Policy>>;
    access: Access;
    /** Finds a pre-enrolment application's secret's application (none, when not given). */
    applicantOf?: ApplicantOf;
    idempotency: IdempotencyStore;
  },
): void {
  // Refuse to start with a route that declares no policy (SECURITY.md), or an organization or
  // provider call that names no tenant, or a tenant on a call that is not one.
  const faults = ENDPOINTS.flatMap((endpoint) => {
    const policy = options.policies[endpoint.id];
    if (!policy) return [`${endpoint.id}: no policy`];
    if ((policy.kind === 'member') !== (endpoint.tenant !== undefined))
      return [
        `${endpoint.id}: ${policy.kind === 'member' ? 'no tenant' : 'a tenant but no member policy'}`,
      ];
    // A provider's call is its staff's, an organization's its members': a policy whose
    // roles are of the other kind would let the wrong people in, or nobody.
    if (
      policy.kind === 'member' &&
      (endpoint.tenant?.kind === 'provider') !==
        PERMISSIONS[policy.action].roles.every((role) =>
          (PROVIDER_ROLES as readonly string[]).includes(role),
        )
    )
      return [`${endpoint.id}: the policy's roles are not of the tenant's kind`];
    if ((policy.kind === 'applicant') !== (endpoint.access === 'applicant'))
      return [`${endpoint.id}: an applicant call's policy and access disagree`];
    return [];
  });
  if (faults.length > 0) throw new PolicyMissingError(`routes refused: ${faults.join(', ')}`);

  for (const endpoint of ENDPOINTS) {
    const policy = options.policies[endpoint.id] as Policy;
    // The route is generic over every call; the handler's own types were checked where it was
    // written (Handlers maps each call to its contract's input and answer).
    const handler = options.handlers[endpoint.id as EndpointId] as
      ((context: HandlerContext) => Promise<unknown>) | undefined;
    const authorizeRequest = (request: FastifyRequest) =>
      authorize(
        policy,
        endpoint,
        request,
        languageOf(request.headers['accept-language']),
        options.access,
        options.applicantOf ?? (() => Promise.resolve(null)),
      );
    // An upload is authorized before its body is read: nobody the call would refuse gets to make
    // the server take in megabytes.
    const authorizedUploads = new WeakMap<FastifyRequest, Authorized>();
    const route = (scope: FastifyInstance) =>
      scope.route({
        method: endpoint.method,
        url: routePath(endpoint),
        ...(endpoint.upload
          ? {
              bodyLimit: endpoint.upload.maxBytes,
              preParsing: async (
                request: FastifyRequest,
                reply: FastifyReply,
                payload: Readable,
              ) => {
                authorizedUploads.set(request, await authorizeRequest(request));
                try {
                  options.admissions?.[endpoint.id as EndpointId]?.(request);
                } catch (refusal) {
                  // The body is left unread: the connection ends with the answer.
                  void reply.header('connection', 'close');
                  throw refusal;
                }
                return payload;
              },
            }
          : endpoint.bodyBytes
            ? {
                bodyLimit: endpoint.bodyBytes,
                // Nobody without a session gets to make the server read megabytes of JSON.
                preParsing: async (
                  request: FastifyRequest,
                  _reply: FastifyReply,
                  payload: Readable,
                ) => {
                  if (!(await options.access.callerOf(request)))
                    throw new AppError(401, 'UNAUTHENTICATED');
                  return payload;
                },
              }
            : {}),
        handler: async (request, reply) => {
          const language = languageOf(request.headers['accept-language']);
          const { caller, tenant, applicant, input } =
            authorizedUploads.get(request) ?? (await authorizeRequest(request));
          if (!handler) throw new AppError(501, 'NOT_IMPLEMENTED');
          const key = endpoint.idempotent ? idempotencyKeyOf(request) : null;
          const deviceId = String(request.headers['x-device-id'] ?? '').slice(0, 200);
          const upload = endpoint.upload ? uploadOf(request) : null;
          // An organization call's records name the organization and the caller's roles there.
          const audit = {
            ...auditContextOf(request, caller, deviceId),
            orgSlno: tenant?.organization?.slno ?? null,
            role: tenant ? tenant.roles.join(',') : null,
          };
          if (upload && options.inspectUpload)
            await options.inspectUpload(
              upload,
              {
                call: endpoint.id,
                name: fileNameOf(input),
                mediaType: upload.mediaType,
              },
              audit,
            );
          const context: HandlerContext = {
            input,
            caller,
            tenant,
            applicant,
            language,
            deviceId,
            upload,
            audit,
            request,
            reply,
          };
          const result = key
            ? await options.idempotency.run(
                {
                  caller: caller
                    ? `user:${String(caller.userSlno)}`
                    : applicant
                      ? `application:${String(applicant.applicationSlno)}`
                      : `address:${request.ip}`,
                  endpoint: endpoint.id,
                  key,
                  request: input,
                },
                () => handler(context),
              )
            : await handler(context);
          if (reply.sent) return reply;
          if (endpoint.answer.kind !== 'json') {
            const file =
              result instanceof FileAnswer ? result : new FileAnswer(result as Buffer | Readable);
            const declared = endpoint.answer.kind === 'blob' ? endpoint.answer : null;
            const fileName = file.fileName ?? declared?.fileName;
            const mediaType = file.mediaType ?? declared?.mediaType;
            if (!fileName || !mediaType) throw new TypeError(`${endpoint.id}: a file unnamed`);
            return reply.headers(downloadHeaders(fileName, mediaType)).send(file.body);
          }
          // Only the fields the contract declares leave the server.
          return reply.send(endpoint.answer.schema.parse(result));
        },
      });
    const { upload } = endpoint;
    if (!upload) {
      route(app);
      continue;
    }
    // An upload's bytes are read as they are, only on its own route (every other route takes
    // JSON alone).
    void app.register((scope, _options, registered) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser(
        [...upload.mediaTypes, 'application/octet-stream'],
        { parseAs: 'buffer', bodyLimit: upload.maxBytes },
        (_request, bytes, done) => {
          done(null, bytes);
        },
      );
      // Said about the file, not "the request", in the caller's language.
      scope.setErrorHandler((error) => {
        const status = (error as { statusCode?: number }).statusCode;
        // (An AppError of the handler's own, e.g. a file too complex to read, says its own.)
        if (status === 413 && !(error instanceof AppError))
          throw new AppError(413, 'PAYLOAD_TOO_LARGE', {
            localized: fileTooLarge(upload.maxBytes),
          });
        if (status === 415 && !(error instanceof AppError))
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', { localized: FILE_TYPE_REFUSED });
        throw error;
      });
      route(scope);
      registered();
    });
  }
}

const FILE_TYPE_REFUSED: Record<Language, string> = {
  en: 'This kind of file is not accepted here.',
  ar: 'هذا النوع من الملفات غير مقبول هنا.',
};

function fileTooLarge(maxBytes: number): Record<Language, string> {
  const megabytes = Math.floor(maxBytes / (1024 * 1024));
  return {
    en: `The file is larger than ${String(megabytes)} MB. Choose a smaller one.`,
    ar: `حجم الملف أكبر من ${new Intl.NumberFormat('ar-SA').format(megabytes)} ميغابايت. اختر ملفًا أصغر.`,
  };
}

/** The name an upload call was given for its file (`?name=`), for the quarantine's record. */
function fileNameOf(input: unknown): string | null {
  const name = (input as { query?: { name?: unknown } } | null)?.query?.name;
  return typeof name === 'string' ? name : null;
}

/** An upload's bytes and the media type they came with (the content decides what they are). */
function uploadOf(request: FastifyRequest): Upload {
  if (!Buffer.isBuffer(request.body)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  return {
    bytes: request.body,
    mediaType: (request.headers['content-type'] ?? '').toLowerCase(),
  };
}

/** The Idempotency-Key of a call that declares one: required, 8 to 200 visible characters. */
function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\x21-\x7e]{8,200}$/.test(key)) {
    const language = languageOf(request.headers['accept-language']);
    throw new AppError(400, 'VALIDATION_FAILED', {
      fieldErrors: [
        {
          path: 'headers.Idempotency-Key',
          message:
            language === 'ar'
              ? 'مفتاح عدم التكرار (Idempotency-Key) مطلوب: من ٨ إلى ٢٠٠ حرف.'
              : 'Idempotency-Key is required: 8 to 200 characters.',
        },
      ],
    });
  }
  return key;
}

function parseInput(endpoint: Endpoint, request: FastifyRequest, language: Language): CallInput {
  const parts = {
    params: request.params ?? {},
    query: request.query ?? {},
    body: request.body ?? {},
  };
  const parsed: Partial<CallInput> = {};
  const fieldErrors: { path: string; message: string }[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const schema: z.ZodType | undefined = endpoint[part];
    if (!schema) {
      parsed[part] = {};
      continue;
    }
    const result = schema.safeParse(parts[part]);
    if (result.success) {
      parsed[part] = result.data as Record<string, unknown>;
      continue;
    }
    for (const issue of result.error.issues) {
      const keys = 'keys' in issue ? issue.keys : [];
      const paths = keys.length ? keys.map((key) => [...issue.path, key]) : [issue.path];
      for (const path of paths) {
        fieldErrors.push({
          path: [part, ...path.map(String)].join('.'),
          message: fieldMessage(
            { ...issue, input: 'input' in issue ? issue.input : undefined },
            language,
          ),
        });
      }
    }
  }
  if (fieldErrors.length > 0) throw new AppError(400, 'VALIDATION_FAILED', { fieldErrors });
  return parsed as CallInput;
}

/**
 * Who is calling and where, in this order: a session (401), the tenant the call names and the
 * caller's membership there (403; a query id naming several of the caller's organizations, 409),
 * the permission table for the call's action (403), the input (400), and every other record id
 * belonging to the tenant (404: another tenant's record is not found, so ids cannot be probed).
 */
interface Authorized {
  caller: Caller | null;
  tenant: TenantContext | null;
  applicant: Applicant | null;
  input: CallInput;
}

const APPLICATION_ENDED: Record<Language, string> = {
  en: 'This browser no longer holds your application. Verify with the identity app again to go on with it.',
  ar: 'لم يعد هذا المتصفح يحمل طلبك. تحقّق عبر تطبيق نفاذ الوطني مرة أخرى لمتابعته.',
};

async function authorize(
  policy: Policy,
  endpoint: Endpoint,
  request: FastifyRequest,
  language: Language,
  access: Access,
  applicantOf: ApplicantOf,
): Promise<Authorized> {
  if (policy.kind === 'public') {
    const caller = await access.callerOf(request);
    return {
      caller,
      tenant: null,
      applicant: null,
      input: parseInput(endpoint, request, language),
    };
  }
  if (policy.kind === 'applicant') {
    const applicant = await applicantOf(request);
    if (!applicant) throw new AppError(401, 'UNAUTHENTICATED', { localized: APPLICATION_ENDED });
    return {
      caller: null,
      tenant: null,
      applicant,
      input: parseInput(endpoint, request, language),
    };
  }
  if (policy.kind === 'session' || !endpoint.tenant) {
    const caller = await access.callerOf(request);
    if (!caller) throw new AppError(401, 'UNAUTHENTICATED');
    return {
      caller,
      tenant: null,
      applicant: null,
      input: parseInput(endpoint, request, language),
    };
  }

  const field = endpoint.tenant;
  // The tenant is checked before the rest of the input, so an outsider learns nothing of its
  // shape. Named in the request (the usual case), the session and the tenant are read in one
  // round trip; a missing or malformed tenant id (or one with a default) is read after parsing.
  let input: CallInput | null = null;
  let caller: Caller | null;
  let tenants: TenantContext[];
  const named = integerOf(rawField(request, field.in, field.field));
  if (named !== null) {
    ({ caller, tenants } = await access.callerIn(request, field.kind, named));
    if (!caller) throw new AppError(401, 'UNAUTHENTICATED');
  } else {
    caller = await access.callerOf(request);
    if (!caller) throw new AppError(401, 'UNAUTHENTICATED');
    input = parseInput(endpoint, request, language);
    const value = integerOf(input[partOf(field.in)][field.field]);
    if (value === null) throw new AppError(403, 'FORBIDDEN');
    tenants = await access.tenantsNamed(caller.userSlno, field.kind, value);
  }
  const [tenant] = tenants;
  // 403 whether the organization exists or not: no probing for ids.
  if (!tenant) throw new AppError(403, 'FORBIDDEN');
  if (tenants.length > 1) throw new AppError(409, 'CONFLICT', { localized: AMBIGUOUS_TENANT });
  if (!isAllowed({ roles: tenant.roles, sipLevel: tenant.provider.level }, policy.action))
    throw new AppError(403, 'FORBIDDEN');

  input ??= parseInput(endpoint, request, language);
  for (const record of endpoint.records ?? []) {
    const value = input[partOf(record.in)][record.field];
    if (value === undefined || value === null) continue; // an optional id left out
    const id = recordIdOf(value);
    // A declared check that cannot run refuses the call: it is never skipped.
    if (id === null || !(await access.tenantOwns(tenant, record.kind, id)))
      throw new AppError(404, 'NOT_FOUND');
  }
  return { caller, tenant, applicant: null, input };
}

const AMBIGUOUS_TENANT: Record<Language, string> = {
  en: 'This id names more than one of your organizations. Choose the organization and try again.',
  ar: 'يشير هذا المعرّف إلى أكثر من منشأة من منشآتك. اختر المنشأة ثم حاول مرة أخرى.',
};

function partOf(place: FieldPlace): keyof CallInput {
  return place === 'path' ? 'params' : place;
}

/** A field of the request as sent, before parsing. */
function rawField(request: FastifyRequest, place: FieldPlace, field: string): unknown {
  const part = { path: request.params, query: request.query, body: request.body }[place];
  return part !== null && typeof part === 'object'
    ? (part as Record<string, unknown>)[field]
    : undefined;
}

/**
 * A record's id as its kind declares it: a positive integer (digits), or a reference of letters,
 * digits, '_' and '-' (a stored document's random id, a certificate request's reference);
 * otherwise null.
 */
function recordIdOf(value: unknown): number | string | null {
  const id = integerOf(value);
  if (id !== null) return id;
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

/** A positive integer id, from a number or a string of digits; otherwise null. */
function integerOf(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null;
}
