/**
 * Routes made from the api contract: each call's input is parsed by the contract's own schemas
 * (strict: unknown fields refused), the caller is authorized by the call's policy against the
 * database on every request, and the answer is parsed by the contract before it leaves (only
 * declared fields are sent). Server and client cannot drift: they read the same declarations.
 */
import { ENDPOINTS, absolutePath, type Endpoint, type EndpointId } from '@tawqi/api';
import { PERMISSIONS, PROVIDER_ROLES, type Language } from '@tawqi/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { auditContextOf } from '../modules/audit/log.js';
import { FileAnswer, downloadHeaders } from './download.js';
import { AppError, languageOf } from './errors.js';
import type { IdempotencyStore } from './idempotency.js';
import type { Policy } from './policies.js';
import { authorize, type Authorized } from './authorizeCall.js';
import type {
  Access,
  ApplicantOf,
  Caller,
  HandlerContext,
  Handlers,
  Upload,
  UploadInspector,
} from './callTypes.js';

export type {
  Access,
  AnswerOf,
  Applicant,
  ApplicantOf,
  CallInput,
  Caller,
  Handler,
  HandlerContext,
  Handlers,
  InputOf,
  TenantContext,
  Upload,
  UploadInspector,
  UploadSource,
} from './callTypes.js';

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

export interface ContractRouteOptions {
  handlers: Handlers;
  /**
   * An upload call's own capacity, asked before its body is read: a call that would turn the
   * file away anyway (busy) says so without first taking in its megabytes.
   */
  admissions?: Partial<Record<EndpointId, (request: FastifyRequest) => Promise<void>>>;
  /** Every upload is shown to it (the malware scanner) before the call's handler runs. */
  inspectUpload?: UploadInspector;
  policies: Partial<Record<string, Policy>>;
  access: Access;
  /** Finds a pre-enrolment application's secret's application (none, when not given). */
  applicantOf?: ApplicantOf;
  idempotency: IdempotencyStore;
}

export function registerContractRoutes(app: FastifyInstance, options: ContractRouteOptions): void {
  const faults = policyFaults(options.policies);
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
        ...bodyLimits(endpoint, options, async (request) => {
          authorizedUploads.set(request, await authorizeRequest(request));
        }),
        handler: async (request, reply) =>
          answer(endpoint, handler, options, {
            request,
            reply,
            authorized: authorizedUploads.get(request) ?? (await authorizeRequest(request)),
          }),
      });
    const { upload } = endpoint;
    if (upload) onUploadRoute(app, upload, route);
    else route(app);
  }
}

/**
 * What refuses the start: a route that declares no policy (SECURITY.md), an organization or
 * provider call that names no tenant, or a tenant on a call that is not one.
 */
function policyFaults(policies: ContractRouteOptions['policies']): string[] {
  return ENDPOINTS.flatMap((endpoint) => {
    const policy = policies[endpoint.id];
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
}

/** How much a call's body may weigh, and who is asked before it is read. */
function bodyLimits(
  endpoint: Endpoint,
  options: ContractRouteOptions,
  authorizeUpload: (request: FastifyRequest) => Promise<void>,
) {
  return {
    ...(endpoint.upload
      ? {
          bodyLimit: endpoint.upload.maxBytes,
          preParsing: async (request: FastifyRequest, reply: FastifyReply, payload: Readable) => {
            await authorizeUpload(request);
            try {
              await options.admissions?.[endpoint.id as EndpointId]?.(request);
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
  };
}

/** A call answered: its upload inspected, its handler run (once per idempotency key), its answer shaped. */
async function answer(
  endpoint: Endpoint,
  handler: ((context: HandlerContext) => Promise<unknown>) | undefined,
  options: ContractRouteOptions,
  {
    request,
    reply,
    authorized,
  }: { request: FastifyRequest; reply: FastifyReply; authorized: Authorized },
) {
  const language = languageOf(request.headers['accept-language']);
  const { caller, tenant, applicant, input } = authorized;
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
}

/**
 * An upload's bytes are read as they are, only on its own route (every other route takes JSON
 * alone).
 */
function onUploadRoute(
  app: FastifyInstance,
  upload: NonNullable<Endpoint['upload']>,
  route: (scope: FastifyInstance) => unknown,
): void {
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
