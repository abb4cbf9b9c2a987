/**
 * @tawqi/api/msw: mock handlers for every call of the contract (Mock Service Worker), for
 * Storybook and tests. Requests are checked against the contract as the server checks them (a
 * wrong body answers 400 in the one error shape), and answered from the fixtures. `mockStates`
 * makes the loading, empty and failure states of a call for stories.
 */
import { http, HttpResponse, delay, type HttpHandler } from 'msw';
import {
  CONTRACT,
  ENDPOINTS,
  absolutePath,
  type Endpoint,
  type EndpointId,
} from '../contract/index.js';
import type { Language } from '@tawqi/domain';
import type { ApiErrorBody } from '../errors.js';
import { createFixtures, type FixtureOptions } from '../fixtures/factories.js';
import { createMockAnswers, type MockRequest } from '../fixtures/mockAnswers.js';
import { MOCK_PDF_BYTES } from './mockPdf.js';

export interface MockHandlerOptions {
  /** Prefix of the mocked URLs: '' for the page's own origin, or an absolute origin. */
  baseUrl?: string;
  fixtures?: FixtureOptions;
  /** Delay of every answer, so loading states show (0 by default). */
  latencyMs?: number;
  /**
   * Calls left to the network, unmocked: Storybook serves the real translation files, so its
   * screens read real text rather than the mock's empty namespaces.
   */
  passthrough?: readonly EndpointId[];
}

/** The name a mocked document downloads under (Arabic, as a person's scan often is). */
export const MOCK_DOCUMENT_NAME = 'خطاب التفويض.pdf';

export { MOCK_PDF_BYTES };
/** The bytes served for exports: a stand-in, clearly not a spreadsheet a screen should parse. */
export const MOCK_FILE_BYTES = new TextEncoder().encode('PK mock export from @tawqi/api/msw');

/** The msw URL of a call: `{name}` placeholders become `:name` parameters. */
export function mockUrl(endpoint: Endpoint, baseUrl = ''): string {
  return `${baseUrl}${absolutePath(endpoint.path).replace(/\{([A-Za-z0-9_]+)\}/g, ':$1')}`;
}

function handlerFor(endpoint: Endpoint) {
  return endpoint.method === 'GET' ? http.get.bind(http) : http.post.bind(http);
}

function invalid(path: string, message: string): Response {
  const body: ApiErrorBody = {
    statusCode: 400,
    code: 'VALIDATION_FAILED',
    message: 'The request is not valid',
    fieldErrors: [{ path, message }],
  };
  return HttpResponse.json(body, { status: 400 });
}

/** The language a request asks its answer in (its Accept-Language), as the server reads it. */
export function languageOf(request: Request): Language {
  return (request.headers.get('accept-language') ?? '').toLowerCase().startsWith('ar')
    ? 'ar'
    : 'en';
}

/**
 * The mock answers in each language; a call is answered in its Accept-Language, as the server
 * answers, so a story in Arabic shows the words the portal would (issue 20).
 */
function answersByLanguage(fixtures: FixtureOptions | undefined) {
  const of = (language: Language) => createMockAnswers(createFixtures({ ...fixtures, language }));
  const answers = { en: of('en'), ar: of('ar') };
  return (request: Request) => answers[languageOf(request)];
}

const FIXTURES = { en: createFixtures({ language: 'en' }), ar: createFixtures({ language: 'ar' }) };

/**
 * The fixtures in a request's language, for a story's own handler: what it answers reads as the
 * default answers do (`say` picks a story's own words in that language).
 */
export function fixturesOf(request: Request): ReturnType<typeof createFixtures> {
  return FIXTURES[languageOf(request)];
}

export function createMockHandlers(options: MockHandlerOptions = {}): HttpHandler[] {
  const baseUrl = options.baseUrl ?? '';
  const answersFor = answersByLanguage(options.fixtures);
  const mocked = ENDPOINTS.filter(
    (endpoint) => !options.passthrough?.includes(endpoint.id as EndpointId),
  );
  return mocked.map((endpoint) =>
    handlerFor(endpoint)(mockUrl(endpoint, baseUrl), async ({ request, params }) => {
      if (options.latencyMs) await delay(options.latencyMs);
      const url = new URL(request.url);
      const text = endpoint.body ? await request.text() : '';
      const parts = {
        params: params as Record<string, unknown>,
        query: Object.fromEntries(url.searchParams),
        body: text ? (JSON.parse(text) as unknown) : {},
      };
      const parsed: Partial<MockRequest> = {};
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = endpoint[part];
        if (!schema) {
          parsed[part] = {};
          continue;
        }
        const result = schema.safeParse(parts[part]);
        if (!result.success) {
          const issue = result.error.issues[0];
          return invalid(
            [part, ...(issue?.path ?? []).map(String)].join('.'),
            issue?.message ?? 'invalid',
          );
        }
        parsed[part] = result.data as Record<string, unknown>;
      }
      const answer = (
        answersFor(request)[endpoint.id as EndpointId] as (request: MockRequest) => unknown
      )(parsed as MockRequest);
      if (answer === 'file' && endpoint.answer.kind === 'blob') {
        return new HttpResponse(MOCK_FILE_BYTES, {
          headers: {
            'content-type': endpoint.answer.mediaType,
            'content-disposition': `attachment; filename="${endpoint.answer.fileName}"`,
          },
        });
      }
      if (answer === 'file' && endpoint.answer.kind === 'document') {
        return new HttpResponse(MOCK_PDF_BYTES, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="document.pdf"; filename*=UTF-8''${encodeURIComponent(MOCK_DOCUMENT_NAME)}`,
          },
        });
      }
      return HttpResponse.json(answer as Record<string, unknown>);
    }),
  );
}

/** Handlers that put one call into a state; list them before the defaults (the first match wins). */
export const mockStates = {
  /** The call never answers: the screen stays in its loading state. */
  loading(id: EndpointId, baseUrl = ''): HttpHandler {
    const endpoint = CONTRACT[id] as Endpoint;
    return handlerFor(endpoint)(mockUrl(endpoint, baseUrl), async () => {
      await delay('infinite');
      return HttpResponse.json({});
    });
  },
  /** The call answers its usual shape with every list empty and counts at zero. */
  empty(id: EndpointId, options: MockHandlerOptions = {}): HttpHandler {
    const baseUrl = options.baseUrl ?? '';
    const endpoint = CONTRACT[id] as Endpoint;
    const answersFor = answersByLanguage(options.fixtures);
    return handlerFor(endpoint)(mockUrl(endpoint, baseUrl), ({ request }) => {
      const full = (answersFor(request)[id] as (request: MockRequest) => unknown)({
        params: {},
        query: {},
        body: {},
      });
      return HttpResponse.json(emptied(full) as Record<string, unknown>);
    });
  },
  /** The call fails with the one error shape; an empty message makes screens say "Failed to fetch". */
  /**
   * The call fails with the status and message: one message, or one per language (answered in
   * the request's, as the server answers).
   */
  failure(
    id: EndpointId,
    statusCode = 500,
    message: string | Record<Language, string> = '',
    baseUrl = '',
  ): HttpHandler {
    const endpoint = CONTRACT[id] as Endpoint;
    return handlerFor(endpoint)(mockUrl(endpoint, baseUrl), ({ request }) => {
      const body: ApiErrorBody = {
        statusCode,
        code:
          statusCode >= 500 ? 'INTERNAL' : statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED',
        message: typeof message === 'string' ? message : message[languageOf(request)],
      };
      return HttpResponse.json(body, { status: statusCode });
    });
  },
};

/** Every array of an answer emptied and every count zeroed, one level deep. */
function emptied(answer: unknown): unknown {
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return answer;
  return Object.fromEntries(
    Object.entries(answer).map(([key, value]) => {
      if (Array.isArray(value)) return [key, []];
      if (key === 'totalCount' || key === 'unreadCount') return [key, 0];
      return [key, value];
    }),
  );
}
