/**
 * The OpenAPI 3.1 document, generated from the contract: one operation per call, its parameters,
 * body and answer as JSON Schema 2020-12 (which OpenAPI 3.1 uses as is).
 */
import { REQUEST_HEADERS } from '@tawqi/domain';
import { z } from 'zod';
import { ENDPOINTS, absolutePath, pathParameterNames, type Endpoint } from './contract/index.js';
import { apiErrorBody, type ErrorCode } from './errors.js';
import { ESIGN_ERRORS, INTEGRATION_CALLS, integrationError } from './integration.js';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
}

/** Builds the document; `serverUrl` is where the API is served (default: same origin). */
export function buildOpenApiDocument(
  options: { version?: string; serverUrl?: string } = {},
): OpenApiDocument {
  const components: Record<string, JsonSchema> = {};
  const toSchema = (schema: z.ZodType, io: 'input' | 'output', name: string) =>
    jsonSchema(schema, io, name, components);

  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of ENDPOINTS) {
    const path = absolutePath(endpoint.path);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(endpoint, toSchema);
  }
  for (const call of INTEGRATION_CALLS) {
    const operations = (paths[call.path] ??= {});
    operations[call.method] = integrationOperation(call, toSchema);
  }
  components.ApiError = stripSchemaKeyword(z.toJSONSchema(apiErrorBody, { io: 'output' }));
  components.IntegrationError = stripSchemaKeyword(
    z.toJSONSchema(integrationError, { io: 'output' }),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tawqi API',
      version: options.version ?? '0.0.0',
      description:
        'Electronic signing and digital signature certificates. Every call carries X-DEVICE-ID, ' +
        'Accept-Language and a last-activity header; session calls carry a bearer token.',
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        applicationAssertion: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The eSign integration API: a JWT the application signs with the key of its registered credential (a public key, or the key of its client certificate; ES256, RS256, PS256 or EdDSA): iss and sub its client id, aud the API’s address, iat, exp at most 300 s later, a jti used once.',
        },
      },
      responses: {
        Error: {
          description: 'The error answer, localized by Accept-Language',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
        },
      },
    },
  };
}

function operation(
  endpoint: Endpoint,
  toSchema: (schema: z.ZodType, io: 'input' | 'output', name: string) => JsonSchema,
): Record<string, unknown> {
  const parameters = [
    ...parametersOf(endpoint.params, 'path', toSchema, `${endpoint.id}Params`),
    ...parametersOf(endpoint.query, 'query', toSchema, `${endpoint.id}Query`),
    header(REQUEST_HEADERS.deviceId, true, 'The device id: a hash of the browser'),
    header(REQUEST_HEADERS.language, false, 'en or ar; error messages follow it'),
    header(REQUEST_HEADERS.lastActivity, false, 'Epoch milliseconds of the user’s last activity'),
    ...(endpoint.idempotent
      ? [header('Idempotency-Key', true, 'One key per intended effect')]
      : []),
  ];
  const answer =
    endpoint.answer.kind === 'json'
      ? {
          'application/json': {
            schema: toSchema(endpoint.answer.schema, 'output', `${endpoint.id}Answer`),
          },
        }
      : endpoint.answer.kind === 'blob'
        ? {
            [endpoint.answer.mediaType]: {
              schema: { type: 'string', contentMediaType: endpoint.answer.mediaType },
            },
          }
        : { '*/*': { schema: { type: 'string', format: 'binary' } } };
  const fileName =
    endpoint.answer.kind === 'blob' ? `"${endpoint.answer.fileName}"` : 'the document’s name';
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    ...(endpoint.designNote ? { description: endpoint.designNote } : {}),
    tags: [endpoint.area],
    'x-origin': endpoint.origin,
    ...(endpoint.pageBase ? { 'x-page-base': endpoint.pageBase } : {}),
    ...(endpoint.tenant ? { 'x-tenant': endpoint.tenant } : {}),
    ...(endpoint.records?.length ? { 'x-records': endpoint.records } : {}),
    security: endpoint.access === 'session' ? [{ bearer: [] }] : [],
    parameters,
    ...(endpoint.upload
      ? {
          requestBody: {
            required: true,
            description: `The file’s bytes, at most ${String(endpoint.upload.maxBytes)} bytes`,
            content: Object.fromEntries(
              endpoint.upload.mediaTypes.map((mediaType) => [
                mediaType,
                { schema: { type: 'string', format: 'binary' } },
              ]),
            ),
          },
        }
      : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: toSchema(endpoint.body, 'input', `${endpoint.id}Body`),
              },
            },
          },
        }
      : {}),
    responses: {
      '200': {
        description:
          endpoint.answer.kind === 'json' ? 'The answer' : `The file, saved as ${fileName}`,
        content: answer,
        ...(endpoint.answer.kind === 'json'
          ? {}
          : {
              headers: {
                'Content-Disposition': {
                  schema: { type: 'string' },
                  description: `attachment; filename=${fileName}`,
                },
              },
            }),
      },
      ...errorResponses(endpoint),
      default: { $ref: '#/components/responses/Error' },
    },
  };
}

/**
 * The error codes a call may answer with, by status, from what it is declared to do: every call
 * checks its input, finds what it names, keeps the contract's rules, and may be limited or find
 * the service away; a session's call may be unauthenticated or not allowed; a call with a body
 * may send the wrong type or too much; a call with an Idempotency-Key may reuse one, and an
 * export may hold too many rows.
 */
export function errorCodesOf(endpoint: Endpoint): Partial<Record<number, ErrorCode[]>> {
  const withBody = endpoint.body !== undefined || endpoint.upload !== undefined;
  const isExport = endpoint.answer.kind === 'blob' && endpoint.answer.fileName.endsWith('.xlsx');
  const codes: Partial<Record<number, ErrorCode[]>> = {
    400: ['VALIDATION_FAILED'],
    ...(endpoint.access === 'public' ? {} : { 401: ['UNAUTHENTICATED'], 403: ['FORBIDDEN'] }),
    404: ['NOT_FOUND'],
    409: ['CONFLICT'],
    ...(withBody ? { 413: ['PAYLOAD_TOO_LARGE'], 415: ['UNSUPPORTED_MEDIA_TYPE'] } : {}),
    422: [
      'VALIDATION_FAILED',
      ...(endpoint.idempotent ? (['IDEMPOTENCY_KEY_REUSED'] as const) : []),
      ...(isExport ? (['EXPORT_TOO_LARGE'] as const) : []),
    ],
    429: ['RATE_LIMITED'],
    503: ['SERVICE_UNAVAILABLE'],
  };
  for (const [status, more = []] of Object.entries(endpoint.refusals ?? {}))
    codes[Number(status)] = [...new Set([...(codes[Number(status)] ?? []), ...more])];
  return codes;
}

/** The declared error answers of a call: the one error shape, its code one of those listed. */
function errorResponses(endpoint: Endpoint): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(errorCodesOf(endpoint)).map(([status, codes = []]) => [
      status,
      {
        description: codes.join(' or '),
        content: {
          'application/json': {
            schema: {
              allOf: [
                { $ref: '#/components/schemas/ApiError' },
                { type: 'object', properties: { code: { enum: codes } } },
              ],
            },
          },
        },
      },
    ]),
  );
}

function parametersOf(
  schema: z.ZodObject | undefined,
  where: 'path' | 'query',
  toSchema: (schema: z.ZodType, io: 'input', name: string) => JsonSchema,
  name: string,
): Record<string, unknown>[] {
  if (!schema) return [];
  const object = toSchema(schema, 'input', name) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([parameter, property]) => ({
    name: parameter,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(parameter),
    schema: property,
  }));
}

function header(name: string, required: boolean, description: string): Record<string, unknown> {
  return { name, in: 'header', required, description, schema: { type: 'string' } };
}

/**
 * A schema as JSON Schema. A recursive one refers to itself as "#", which inside an OpenAPI
 * document would mean the whole document: it moves to components and refers there instead.
 */
function jsonSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  name: string,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const converted = stripSchemaKeyword(
    z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }),
  );
  const text = JSON.stringify(converted);
  if (!text.includes('"$ref":"#"')) return converted;
  const ref = `#/components/schemas/${name}`;
  components[name] = JSON.parse(text.replaceAll('"$ref":"#"', `"$ref":"${ref}"`)) as JsonSchema;
  return { $ref: ref };
}

function stripSchemaKeyword(schema: object): JsonSchema {
  const copy = { ...(schema as JsonSchema) };
  delete copy.$schema;
  return copy;
}

/** Every `{name}` of every path has a path parameter: a check the document's readers rely on. */
export function undeclaredPathParameters(document: OpenApiDocument): string[] {
  const missing: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(operations)) {
      const declared = new Set(
        (value as { parameters: { name: string; in: string }[] }).parameters
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name),
      );
      for (const name of pathParameterNames(path))
        if (!declared.has(name)) missing.push(`${method} ${path} {${name}}`);
    }
  }
  return missing;
}

/** An operation of the eSign integration API, with the error catalogue as its refusals. */
function integrationOperation(
  call: (typeof INTEGRATION_CALLS)[number],
  toSchema: (schema: z.ZodType, io: 'input' | 'output', name: string) => JsonSchema,
): Record<string, unknown> {
  const parameters = [...call.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const refusals = Object.values(ESIGN_ERRORS).filter((error) => error.status >= 400);
  const statuses = [...new Set(refusals.map((error) => error.status))];
  return {
    operationId: call.id,
    summary: call.summary,
    tags: ['integration'],
    security: [{ applicationAssertion: [] }],
    parameters,
    ...('body' in call
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: toSchema(call.body, 'input', `${call.id}Body`) },
            },
          },
        }
      : {}),
    responses: {
      [call.method === 'post' ? '202' : '200']: {
        description: 'The transaction',
        content:
          'answer' in call
            ? {
                'application/json': { schema: toSchema(call.answer, 'output', `${call.id}Answer`) },
              }
            : { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
      },
      ...Object.fromEntries(
        statuses.map((status) => [
          String(status),
          {
            description: refusals
              .filter((error) => error.status === status)
              .map((error) => `${error.code}: ${error.en}`)
              .join(' | '),
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/IntegrationError' } },
            },
          },
        ]),
      ),
    },
  };
}
