/**
 * Routes made from the api contract: each call's input is parsed by the contract's own schemas
 * (strict: unknown fields refused), the caller is authorized by the call's policy against the
 * database on every request, and the answer is parsed by the contract before it leaves (only
 * declared fields are sent). Server and client cannot drift: they read the same declarations.
 */
import { ENDPOINTS, absolutePath, type Endpoint, type EndpointId } from '@tawqi/api';
import { PERMISSIONS, type Language, type OrganizationRole } from '@tawqi/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { auditContextOf, type AuditContext } from '../modules/audit/log.js';
import { FileAnswer, downloadHeaders } from './download.js';
import { AppError, fieldMessage, languageOf } from './errors.js';
import type { IdempotencyStore } from './idempotency.js';
import type { Policy } from './policies.js';

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

export interface HandlerContext {
  input: CallInput;
  caller: Caller | null;
  language: Language;
  deviceId: string;
  /** Who and where, for the audit log. */
  audit: AuditContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A call's answer: JSON for the contract's schema, or a file for exports. */
export type HandlerResult = unknown;

export type Handler = (context: HandlerContext) => Promise<HandlerResult>;
export type Handlers = Partial<Record<EndpointId, Handler>>;

/** What the routes need to know about callers; the sessions module provides it. */
export interface Access {
  /** The caller of a request with a valid access token, else null (expired, tampered, revoked). */
  callerOf(request: FastifyRequest): Promise<Caller | null>;
  /** Whether the user is an active member of the organization the id names, with one of the roles. */
  isMember(
    userSlno: number,
    scope: { kind: 'organization' | 'organizationQueryId'; id: number },
    roles?: readonly string[],
  ): Promise<boolean>;
  /** Whether the user holds one of the roles in an organization of the L1 provider `sipSlno`. */
  isL1Admin(userSlno: number, sipSlno: number, roles: readonly string[]): Promise<boolean>;
}

/** The caller of a session call (the policy has already refused anonymous callers). */
export function requireCaller(caller: Caller | null): Caller {
  if (!caller) throw new AppError(401, 'UNAUTHENTICATED');
  return caller;
}

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
    policies: Partial<Record<string, Policy>>;
    access: Access;
    idempotency: IdempotencyStore;
  },
): void {
  // Refuse to start with a route that declares no policy (SECURITY.md).
  const missing = ENDPOINTS.filter((endpoint) => !options.policies[endpoint.id]).map(
    (endpoint) => endpoint.id,
  );
  if (missing.length > 0)
    throw new PolicyMissingError(`routes without a policy: ${missing.join(', ')}`);

  for (const endpoint of ENDPOINTS) {
    const policy = options.policies[endpoint.id] as Policy;
    const handler = options.handlers[endpoint.id as EndpointId];
    app.route({
      method: endpoint.method,
      url: routePath(endpoint),
      handler: async (request, reply) => {
        const language = languageOf(request.headers['accept-language']);
        if (!handler) throw new AppError(501, 'NOT_IMPLEMENTED');
        const input = parseInput(endpoint, request, language);
        const key = endpoint.idempotent ? idempotencyKeyOf(request) : null;
        const caller = await authorize(policy, endpoint, input, request, options.access);
        const deviceId = String(request.headers['x-device-id'] ?? '').slice(0, 200);
        const context: HandlerContext = {
          input,
          caller,
          language,
          deviceId,
          audit: auditContextOf(request, caller, deviceId),
          request,
          reply,
        };
        const result = key
          ? await options.idempotency.run(
              {
                caller: caller ? `user:${String(caller.userSlno)}` : `address:${request.ip}`,
                endpoint: endpoint.id,
                key,
                request: input,
              },
              () => handler(context),
            )
          : await handler(context);
        if (reply.sent) return reply;
        if (endpoint.answer.kind === 'blob') {
          const file = result instanceof FileAnswer ? result : new FileAnswer(result as Buffer);
          return reply
            .headers(
              downloadHeaders(file.fileName ?? endpoint.answer.fileName, endpoint.answer.mediaType),
            )
            .send(file.body);
        }
        // Only the fields the contract declares leave the server.
        return reply.send(endpoint.answer.schema.parse(result));
      },
    });
  }
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

async function authorize(
  policy: Policy,
  endpoint: Endpoint,
  input: CallInput,
  request: FastifyRequest,
  access: Access,
): Promise<Caller | null> {
  if (policy.kind === 'public') return access.callerOf(request);
  const caller = await access.callerOf(request);
  if (!caller) throw new AppError(401, 'UNAUTHENTICATED');
  if (policy.kind === 'session') return caller;
  const permission: { roles: readonly OrganizationRole[]; providerLevel?: string } =
    PERMISSIONS[policy.action];
  for (const scope of endpoint.scopes) {
    const value = Number(input[scope.in === 'path' ? 'params' : scope.in][scope.field]);
    if (!Number.isSafeInteger(value)) throw new AppError(403, 'FORBIDDEN');
    const allowed =
      permission.providerLevel === 'L1' || scope.kind === 'l1Provider'
        ? await access.isL1Admin(caller.userSlno, value, permission.roles)
        : await access.isMember(caller.userSlno, { kind: scope.kind, id: value }, permission.roles);
    // 403 whether the organization exists or not: no probing for ids.
    if (!allowed) throw new AppError(403, 'FORBIDDEN');
  }
  return caller;
}
