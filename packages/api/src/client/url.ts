/**
 * The URL, query and body of a call, from its declaration and its input. The input is checked
 * against the contract first: a wrong input never leaves the browser.
 */
import type { z } from 'zod';
import type { Endpoint } from '../contract/endpoint.js';
import { ApiError } from '../errors.js';

export interface RequestParts {
  /** Relative to the base URL (no leading slash, as ky's prefixUrl needs). */
  url: string;
  searchParams?: URLSearchParams;
  body?: unknown;
  /** An upload's file, sent as its bytes. */
  file?: Blob;
}

export function requestParts(
  endpoint: Endpoint,
  input: { params?: unknown; query?: unknown; body?: unknown; file?: Blob },
): RequestParts {
  const params = checked(endpoint.params, input.params, 'params') as
    Record<string, unknown> | undefined;
  const query = checked(endpoint.query, input.query, 'query') as
    Record<string, unknown> | undefined;
  const body = checked(endpoint.body, input.body, 'body');
  const path = endpoint.path
    .replace(/^\//, '')
    .replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) =>
      encodeURIComponent(String(params?.[name])),
    );
  const parts: RequestParts = { url: path };
  if (query) {
    parts.searchParams = new URLSearchParams(
      // Query values are numbers and strings (the contract declares them so).
      Object.entries(query).flatMap(([key, value]) =>
        value === undefined ? [] : [[key, String(value as string | number)]],
      ),
    );
  }
  if (endpoint.body) parts.body = body;
  if (endpoint.upload) {
    if (!input.file) throw new TypeError(`${endpoint.id} uploads a file`);
    parts.file = input.file;
  }
  return parts;
}

function checked(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new ApiError({
    statusCode: 400,
    code: 'INVALID_REQUEST',
    message: '',
    fieldErrors: result.error.issues.map((issue) => ({
      path: [part, ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  });
}
