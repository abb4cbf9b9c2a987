/**
 * A fake of Tawqi's server behind `fetch`, as far as the client's policy needs: access tokens that
 * go stale, refresh tokens that rotate (a spent one is refused as TOKEN_EXPIRED), the one error
 * shape, and a few routes. Every request is recorded.
 */
import type { SessionData } from '../src/index.js';

export const BASE_URL = 'http://tawqi.test/';

export interface Recorded {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

type Route = (request: Recorded) => Response | Promise<Response>;

export function sessionFor(generation: number): SessionData {
  return {
    token: `access-${generation}`,
    refreshToken: `refresh-${generation}`,
    organizationList: [],
    selectedOrganization: null,
    providerList: [],
    fullNameEnglish: 'Sara Al-Qahtani',
    fullNameArabic: 'سارة القحطاني',
    inactivityLimitMinutes: 30,
    expiresIn: 300,
  };
}

export function jsonAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function errorAnswer(
  status: number,
  code: string,
  message: string,
  extra: object = {},
): Response {
  return jsonAnswer(status, { statusCode: status, code, message, ...extra });
}

export function fakeServer(options: { routes?: Record<string, Route> } = {}) {
  let generation = 1;
  const state = {
    /** The access token the server accepts now; null once it went stale. */
    validAccessToken: 'access-1' as string | null,
    /** The one refresh token that may be spent now (rotation: each is spent once). */
    validRefreshToken: 'refresh-1',
    /** What the refresh call does: rotate, say the session is over, or be down. */
    refreshMode: 'rotate' as 'rotate' | 'expired' | 'unavailable',
    refreshes: 0,
    requests: [] as Recorded[],
  };
  const routes: Record<string, Route> = {
    'GET /api/v1/profile/my': () =>
      jsonAnswer(200, {
        userSlno: 7,
        fullNameEnglish: 'Sara Al-Qahtani',
        fullNameArabic: 'سارة القحطاني',
        maskedNationalId: '******0008',
        nationality: 'Saudi',
        email: 'sara@example.sa',
        mobile: '+966551234567',
        username: 'sara',
        kycValidTill: '2027-01-01',
        createdDate: '2026-01-01T09:00:00Z',
        unexpected: 'dropped by the client',
      }),
    ...options.routes,
  };

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const recorded: Recorded = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      headers: request.headers,
      // JSON as its value; an upload's bytes as text.
      body: !text
        ? undefined
        : request.headers.get('content-type')?.includes('json')
          ? JSON.parse(text)
          : text,
    };
    state.requests.push(recorded);
    // A little latency, so that concurrent calls really overlap; an abort ends it, as in fetch.
    await new Promise((resolve, reject) => {
      if (request.signal.aborted)
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      const timer = setTimeout(resolve, 5);
      request.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });

    if (url.pathname === '/api/v1/auth/refresh') {
      state.refreshes += 1;
      if (state.refreshMode === 'unavailable')
        return new Response('<h1>down</h1>', { status: 503 });
      const { refreshToken } = recorded.body as { refreshToken: string };
      if (state.refreshMode === 'expired' || refreshToken !== state.validRefreshToken) {
        return errorAnswer(401, 'UNAUTHENTICATED', 'Session expired', { detail: 'TOKEN_EXPIRED' });
      }
      generation += 1;
      const session = sessionFor(generation);
      state.validAccessToken = session.token;
      state.validRefreshToken = session.refreshToken;
      return jsonAnswer(200, session);
    }
    const route = routes[`${request.method} ${url.pathname}`];
    if (!route) return errorAnswer(404, 'NOT_FOUND', 'No such call');
    const bearer = request.headers.get('authorization');
    if (state.validAccessToken === null || bearer !== `Bearer ${state.validAccessToken}`) {
      return errorAnswer(401, 'UNAUTHENTICATED', 'Sign in again');
    }
    return route(recorded);
  };

  return {
    fetch,
    state,
    /** The access token goes stale, as when it expires: the next call answers 401. */
    expireAccessToken() {
      state.validAccessToken = null;
    },
    requestsTo(path: string) {
      return state.requests.filter((request) => request.path === path);
    },
  };
}
