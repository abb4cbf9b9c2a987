import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import {
  ESIGN_ERRORS,
  INTEGRATION_BASE,
  INTEGRATION_CALLS,
  ENDPOINTS,
  absolutePath,
  buildOpenApiDocument,
  undeclaredPathParameters,
} from '../src/index.js';

const document = buildOpenApiDocument({ version: '1.2.3' });

interface Operation {
  operationId: string;
  security: unknown[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

function operationOf(id: string): Operation {
  const endpoint = ENDPOINTS.find((candidate) => candidate.id === id);
  if (!endpoint) throw new Error(id);
  return document.paths[absolutePath(endpoint.path)]?.[endpoint.method.toLowerCase()] as Operation;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(
      JSON.parse(JSON.stringify(document)) as Record<string, unknown>,
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.2.3');
    // Validating the whole document (every call's schemas) takes seconds on a busy CI machine.
  }, 30_000);

  it('has one operation for every call of the contract and of the integration API, and no other', () => {
    const operationIds = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => (operation as Operation).operationId),
    );
    expect(operationIds.sort()).toEqual(
      [
        ...ENDPOINTS.map((endpoint) => endpoint.id),
        ...INTEGRATION_CALLS.map((call) => call.id),
      ].sort(),
    );
  });

  it('documents the integration API with its assertion and every refusal of the catalogue', () => {
    const create = document.paths[`${INTEGRATION_BASE}/sign-requests`]?.post as Operation;
    expect(create.security).toEqual([{ applicationAssertion: [] }]);
    const described = JSON.stringify(create.responses);
    for (const error of Object.values(ESIGN_ERRORS).filter((entry) => entry.status >= 400))
      expect(described).toContain(error.code);
  });

  it('declares each call’s error answers with the codes they carry, not only a default', () => {
    const operations = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations),
    ) as Operation[];
    const withoutErrors = operations.filter(
      (operation) => !Object.keys(operation.responses).some((status) => /^4\d\d$/.test(status)),
    );
    expect(withoutErrors.map((operation) => operation.operationId)).toEqual([]);
    // A session's call says it may be unauthenticated; a public one does not.
    expect(Object.keys(operationOf('purchasedPlans').responses)).toContain('401');
    expect(Object.keys(operationOf('nafathLoginInitiate').responses)).not.toContain('401');
    // An export may hold too many rows; its 422 names the code a generated client can test.
    const exported = ENDPOINTS.find(
      (endpoint) => endpoint.answer.kind === 'blob' && endpoint.answer.fileName.endsWith('.xlsx'),
    );
    const refused = JSON.stringify(operationOf(exported?.id ?? '').responses['422']);
    expect(refused).toContain('EXPORT_TOO_LARGE');
  });

  it('declares every path parameter', () => {
    expect(undeclaredPathParameters(document)).toEqual([]);
  });

  it('asks for a bearer token exactly on session calls', () => {
    expect(operationOf('purchasedPlans').security).toEqual([{ bearer: [] }]);
    expect(operationOf('nafathLoginInitiate').security).toEqual([]);
  });

  it('describes bodies as strict JSON schemas with their required fields', () => {
    const body =
      operationOf('nafathLoginInitiate').requestBody?.content['application/json']?.schema;
    expect(body).toMatchObject({
      type: 'object',
      required: ['nationalID'],
      additionalProperties: false,
    });
  });

  it('describes query parameters and the device header', () => {
    const parameters = operationOf('l1Plans').parameters;
    expect(parameters).toContainEqual(
      expect.objectContaining({ name: 'sipId', in: 'query', required: true }),
    );
    expect(parameters).toContainEqual(
      expect.objectContaining({ name: 'X-DEVICE-ID', in: 'header', required: true }),
    );
  });

  it('answers exports with a spreadsheet and their file name', () => {
    const answer = operationOf('exportManageUsers').responses['200'];
    expect(Object.keys(answer?.content ?? {})).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(JSON.stringify(answer)).toContain('ManageOrganizationUsers.xlsx');
  });

  it('asks for an Idempotency-Key on calls with money effects', () => {
    expect(operationOf('buyEsignPlan').parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', required: true }),
    );
  });

  it('refers recursive schemas to components instead of the whole document', () => {
    const text = JSON.stringify(document);
    expect(text).not.toContain('"$ref":"#"');
    expect(document.components.schemas?.translationsAnswer).toBeDefined();
  });
});
