/**
 * A call's caller authorized and its input parsed, as its policy says (contractRoutes.ts asks on
 * every request).
 */
import type { Endpoint, FieldPlace } from '@tawqi/api';
import { isAllowed, type Language } from '@tawqi/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, fieldMessage } from './errors.js';
import type { Policy } from './policies.js';
import type {
  Access,
  Applicant,
  ApplicantOf,
  CallInput,
  Caller,
  TenantContext,
} from './callTypes.js';

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
export interface Authorized {
  caller: Caller | null;
  tenant: TenantContext | null;
  applicant: Applicant | null;
  input: CallInput;
}

const APPLICATION_ENDED: Record<Language, string> = {
  en: 'This browser no longer holds your application. Verify with the identity app again to go on with it.',
  ar: 'لم يعد هذا المتصفح يحمل طلبك. تحقّق عبر تطبيق نفاذ الوطني مرة أخرى لمتابعته.',
};

export async function authorize(
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
