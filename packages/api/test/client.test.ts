import { STORAGE_KEYS, authCheckAfterRefresh } from '@tawqi/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  CONTRACT,
  createApiClient,
  localCoordinator,
  memoryStorage,
  type ApiClientOptions,
  type DownloadedFile,
  type KeyValueStorage,
  type SessionMessage,
} from '../src/index.js';
import { BASE_URL, errorAnswer, fakeServer, jsonAnswer, sessionFor } from './fakeServer.js';

const NOW = Date.UTC(2026, 10, 21, 9, 30);
const DEVICE = 'a'.repeat(64);
const PROFILE = '/api/v1/profile/my';

function setup(
  server: ReturnType<typeof fakeServer>,
  overrides: Partial<ApiClientOptions> & { storage?: KeyValueStorage } = {},
) {
  const storage = overrides.storage ?? memoryStorage();
  const onLogout = vi.fn();
  const saved: DownloadedFile[] = [];
  const client = createApiClient({
    baseUrl: BASE_URL,
    storage,
    language: () => 'ar',
    onLogout,
    fetch: server.fetch,
    now: () => NOW,
    deviceId: () => Promise.resolve(DEVICE),
    coordinator: localCoordinator<SessionMessage>(),
    saveFile: (file) => saved.push(file),
    ...overrides,
  });
  return { client, storage, onLogout, saved };
}

function signedIn(server = fakeServer(), overrides: Parameters<typeof setup>[1] = {}) {
  const context = setup(server, overrides);
  context.client.setSession(sessionFor(1));
  return { server, ...context };
}

describe('every call carries the spec’s headers (SPEC §7)', () => {
  it('sends the bearer token, X-DEVICE-ID, Accept-Language and the last activity, and stores it', async () => {
    const { server, client, storage } = signedIn();
    await client.call(CONTRACT.myProfile, {});
    const [request] = server.requestsTo(PROFILE);
    expect(request?.headers.get('authorization')).toBe('Bearer access-1');
    expect(request?.headers.get('x-device-id')).toBe(DEVICE);
    expect(request?.headers.get('accept-language')).toBe('ar');
    expect(request?.headers.get('x-last-activity')).toBe(String(NOW));
    expect(storage.getItem(STORAGE_KEYS.lastActivity)).toBe(String(NOW));
  });

  it('sends no Authorization header without a session', async () => {
    const server = fakeServer({
      routes: { 'GET /api/v1/common/get/vat': () => jsonAnswer(200, { vat: 15 }) },
    });
    const { client } = setup(server);
    // The vat route needs no token in real life; the fake asks one of every route, so expect 401.
    await expect(client.call(CONTRACT.vat, {})).rejects.toBeInstanceOf(ApiError);
    expect(server.state.requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('keeps the refresh token in storage under the spec’s key and the access token in memory', () => {
    const { client, storage } = signedIn();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    expect(
      JSON.stringify(Object.values(STORAGE_KEYS).map((key) => storage.getItem(key))),
    ).not.toContain('access-1');
    expect(client.hasSession()).toBe(true);
  });

  it('returns only the fields the contract declares', async () => {
    const { client } = signedIn();
    const profile = await client.call(CONTRACT.myProfile, {});
    expect(profile.fullNameArabic).toBe('سارة القحطاني');
    expect(profile).not.toHaveProperty('unexpected');
  });
});

describe('401: refresh once and retry (SPEC §4, 401 only)', () => {
  it('refreshes once for 20 concurrent 401s, and every call then succeeds', async () => {
    const { server, client, storage } = signedIn();
    server.expireAccessToken();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => client.call(CONTRACT.myProfile, {})),
    );
    expect(results).toHaveLength(20);
    expect(server.state.refreshes).toBe(1);
    expect(server.requestsTo(PROFILE)).toHaveLength(40);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('renews the access token before it expires, so a person’s calls meet no 401', async () => {
    let clock = NOW;
    const { server, client, storage } = signedIn(fakeServer(), { now: () => clock });
    // sessionFor's token lives 300 s: renewed from its last minute on (240 s), not before.
    clock = NOW + 239_000;
    await client.call(CONTRACT.myProfile, {});
    expect(server.state.refreshes).toBe(0);
    clock = NOW + 240_000;
    // The server would take the old token a while yet; the client renews it anyway, once.
    await Promise.all([client.call(CONTRACT.myProfile, {}), client.call(CONTRACT.myProfile, {})]);
    expect(server.state.refreshes).toBe(1);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(
      server
        .requestsTo(PROFILE)
        .slice(1)
        .map((one) => one.headers.get('authorization')),
    ).toEqual(['Bearer access-2', 'Bearer access-2']);
    // A renewal that fails leaves the call to go with the token it has.
    clock = NOW + 480_000;
    server.state.refreshMode = 'unavailable';
    await client.call(CONTRACT.myProfile, {});
    expect(server.state.refreshes).toBe(2);
    expect(server.requestsTo(PROFILE).at(-1)?.headers.get('authorization')).toBe('Bearer access-2');
  });

  it('does not refresh on a 403: the denial reaches the caller at once', async () => {
    const server = fakeServer({
      routes: { 'GET /api/v1/profile/my': () => errorAnswer(403, 'FORBIDDEN', 'Not allowed') },
    });
    const { client } = signedIn(server);
    await expect(client.call(CONTRACT.myProfile, {})).rejects.toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
    });
    expect(server.state.refreshes).toBe(0);
    expect(server.requestsTo(PROFILE)).toHaveLength(1);
  });

  it('retries only once: a second 401 fails the call', async () => {
    const server = fakeServer({
      routes: { 'GET /api/v1/profile/my': () => errorAnswer(401, 'UNAUTHENTICATED', 'No') },
    });
    const { client, onLogout } = signedIn(server);
    const failure = client.call(CONTRACT.myProfile, {});
    await expect(failure).rejects.toMatchObject({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
      message: 'No',
    });
    expect(server.state.refreshes).toBe(1);
    expect(server.requestsTo(PROFILE)).toHaveLength(2);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('removes the refresh token and logs out once when the refresh says TOKEN_EXPIRED', async () => {
    const { server, client, storage, onLogout } = signedIn();
    server.expireAccessToken();
    server.state.refreshMode = 'expired';
    const calls = Array.from({ length: 5 }, () => client.call(CONTRACT.myProfile, {}));
    for (const call of calls) {
      await expect(call).rejects.toSatisfy(
        (error) => error instanceof ApiError && error.isTokenExpired,
      );
    }
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(client.hasSession()).toBe(false);
    expect(server.state.refreshes).toBe(1);
  });

  it('keeps the session when the refresh fails for another reason, and reports the call’s own error', async () => {
    const { server, client, storage, onLogout } = signedIn();
    server.expireAccessToken();
    server.state.refreshMode = 'unavailable';
    await expect(client.call(CONTRACT.myProfile, {})).rejects.toMatchObject({
      statusCode: 401,
      message: 'Sign in again',
    });
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('does not refresh without a refresh token', async () => {
    const server = fakeServer();
    const { client } = setup(server);
    await expect(client.call(CONTRACT.myProfile, {})).rejects.toMatchObject({ statusCode: 401 });
    expect(server.state.refreshes).toBe(0);
  });

  it('sends the same Idempotency-Key on the retry of a call with money effects', async () => {
    const server = fakeServer({
      routes: {
        'POST /api/v1/esign/my/plans/buy': () =>
          jsonAnswer(200, {
            encodedOrderSlno: 'o-1',
            encodedPaymentSlno: 'p-1',
            paymentUrl: 'http://127.0.0.1:3000/pay/p-1',
            price: 100,
            tax: 15,
            totalPrice: 115,
          }),
      },
    });
    const { client } = signedIn(server);
    server.expireAccessToken();
    await client.call(CONTRACT.buyEsignPlan, { body: { productPricingDetailsSlno: 3 } });
    const keys = server
      .requestsTo('/api/v1/esign/my/plans/buy')
      .map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('one refresh across tabs (SECURITY.md)', () => {
  it('makes one refresh when two tabs see 401s at once, and both carry on with the new session', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const coordinator = localCoordinator<SessionMessage>();
    const first = signedIn(server, { storage, coordinator });
    const second = setup(server, { storage, coordinator });
    second.client.setSession(sessionFor(1));
    server.expireAccessToken();
    await Promise.all([
      ...Array.from({ length: 10 }, () => first.client.call(CONTRACT.myProfile, {})),
      ...Array.from({ length: 10 }, () => second.client.call(CONTRACT.myProfile, {})),
    ]);
    expect(server.state.refreshes).toBe(1);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(first.onLogout).not.toHaveBeenCalled();
    expect(second.onLogout).not.toHaveBeenCalled();
  });

  it('lets a tab that had no session take the one another tab refreshed', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const coordinator = localCoordinator<SessionMessage>();
    const onSession = vi.fn();
    const first = signedIn(server, { storage, coordinator });
    const second = setup(server, { storage, coordinator, onSession });
    server.expireAccessToken();
    await first.client.call(CONTRACT.myProfile, {});
    expect(second.client.hasSession()).toBe(true);
    expect(onSession).toHaveBeenCalledWith(expect.objectContaining({ token: 'access-2' }));
    second.client.dispose();
  });
});

describe('restoring a session at auth-check (SPEC §2)', () => {
  it('restores it from the stored refresh token', async () => {
    const server = fakeServer();
    const { client } = setup(server, {
      storage: memoryStorage({ [STORAGE_KEYS.refreshToken]: 'refresh-1' }),
    });
    const outcome = await client.restoreSession();
    expect(outcome).toEqual({ kind: 'ok' });
    expect(client.hasSession()).toBe(true);
    expect(server.state.requests[0]?.body).toEqual({ refreshToken: 'refresh-1', deviceID: DEVICE });
  });

  it('reports a refused refresh, which sends the user to login', async () => {
    const server = fakeServer();
    server.state.refreshMode = 'expired';
    const { client } = setup(server, {
      storage: memoryStorage({ [STORAGE_KEYS.refreshToken]: 'refresh-1' }),
    });
    const outcome = await client.restoreSession();
    expect(outcome).toEqual({ kind: 'rejected', status: 401, detail: 'TOKEN_EXPIRED' });
    expect(authCheckAfterRefresh(outcome, '/app/my')).toMatchObject({
      type: 'go-to-login',
      removeRefreshToken: true,
    });
  });

  it('reports a refresh that could not be sent as a network error', async () => {
    const server = fakeServer();
    const failing: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const { client } = setup(server, {
      fetch: failing,
      storage: memoryStorage({ [STORAGE_KEYS.refreshToken]: 'refresh-1' }),
    });
    expect(await client.restoreSession()).toEqual({ kind: 'network-error' });
  });

  it('forgets the session on clearSession', () => {
    const { client, storage } = signedIn();
    client.clearSession();
    expect(client.hasSession()).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });
});

describe('exports (SPEC §7, §9)', () => {
  it('downloads the blob and saves it under the spec’s file name', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const server = fakeServer({
      routes: {
        'POST /api/v1/excel/report/exportManageUsers': () =>
          new Response(bytes, {
            status: 200,
            headers: { 'content-type': 'application/octet-stream' },
          }),
      },
    });
    const { client, saved } = signedIn(server);
    const body = {
      initiated: 1,
      pending: 1,
      approved: 1,
      rejected: 1,
      userRejected: 1,
      deactivated: 1,
      active: 1,
      inActive: 1,
      organizationSlno: 314,
      language: 'ar',
    } as const;
    const file = await client.download(CONTRACT.exportManageUsers, { body });
    expect(file.fileName).toBe('ManageOrganizationUsers.xlsx');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes);
    expect(saved).toEqual([file]);
    expect(server.requestsTo('/api/v1/excel/report/exportManageUsers')[0]?.body).toEqual(body);
  });

  it('tells a download’s progress as its chunks arrive, and keeps every byte', async () => {
    const chunks = [new Uint8Array([0x50, 0x4b, 1]), new Uint8Array([2, 3]), new Uint8Array([4])];
    const server = fakeServer({
      routes: {
        'POST /api/v1/excel/report/exportOrgEsignTransactions': () =>
          new Response(
            new ReadableStream({
              start(controller) {
                for (const chunk of chunks) controller.enqueue(chunk);
                controller.close();
              },
            }),
            { status: 200, headers: { 'content-type': 'application/octet-stream' } },
          ),
      },
    });
    const { client } = signedIn(server);
    const progress: number[] = [];
    const file = await client.download(
      CONTRACT.exportOrgEsignTransactions,
      { body: { orgSlNo: 314, language: 'en' } },
      { onProgress: (bytes) => progress.push(bytes) },
    );
    expect(progress).toEqual([3, 5, 6]);
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(
      new Uint8Array([0x50, 0x4b, 1, 2, 3, 4]),
    );
    expect(file.fileName).toBe('ESign_Transactions.xlsx');
  });

  it('sends an upload’s file as its bytes with its media type, and its name in the query', async () => {
    const server = fakeServer({
      routes: {
        'POST /api/v1/documents/org/314/upload': () =>
          jsonAnswer(200, {
            id: 1,
            category: 'other',
            name: 'letter.pdf',
            status: 'Uploaded',
            type: 'pdf',
            uniqueFileId: 'A'.repeat(22),
            size: 8,
          }),
      },
    });
    const { client } = signedIn(server);
    const file = new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' });
    const answer = await client.call(CONTRACT.uploadDocument, {
      params: { orgSlno: 314 },
      query: { name: file.name, category: 'other' },
      file,
    });
    expect(answer.uniqueFileId).toBe('A'.repeat(22));
    const [sent] = server.requestsTo('/api/v1/documents/org/314/upload');
    expect(sent?.headers.get('content-type')).toBe('application/pdf');
    expect(sent?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(sent?.body).toBe('%PDF-1.4');
    expect(sent?.search).toBe('?name=letter.pdf&category=other');
  });

  it('saves a document under the name the server gives it, Arabic included', async () => {
    const server = fakeServer({
      routes: {
        'GET /api/v1/documents/org/314/AAAAAAAAAAAAAAAAAAAAAA': () =>
          new Response(new Uint8Array([0x25, 0x50]), {
            status: 200,
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('خطاب.pdf')}`,
            },
          }),
      },
    });
    const { client, saved } = signedIn(server);
    const file = await client.download(CONTRACT.downloadDocument, {
      params: { orgSlno: 314, uniqueFileId: 'A'.repeat(22) },
    });
    expect(file.fileName).toBe('خطاب.pdf');
    expect(saved).toEqual([file]);
  });

  it('reads a document through call() too, and names it by the plain name or none', async () => {
    const answer = (disposition: string | null) => () =>
      new Response(new Uint8Array([1]), {
        status: 200,
        headers: disposition ? { 'content-disposition': disposition } : {},
      });
    const id = 'B'.repeat(22);
    const path = `GET /api/v1/documents/org/314/${id}`;
    const input = { params: { orgSlno: 314, uniqueFileId: id } };
    for (const [disposition, name] of [
      [`attachment; filename="plain.pdf"; filename*=UTF-8''%E0%A4%A`, 'plain.pdf'],
      ['attachment; filename="only-plain.png"', 'only-plain.png'],
      [null, 'document'],
    ] as const) {
      const { client } = signedIn(fakeServer({ routes: { [path]: answer(disposition) } }));
      const file = await client.call(CONTRACT.downloadDocument, input);
      expect(file.fileName).toBe(name);
    }
  });

  it('refuses an upload without its file before sending anything', async () => {
    const server = fakeServer();
    const { client } = signedIn(server);
    await expect(
      client.call(CONTRACT.uploadDocument, {
        params: { orgSlno: 314 },
        query: { name: 'a.pdf', category: 'other' },
      } as never),
    ).rejects.toThrow(/uploads a file/);
    expect(server.requestsTo('/api/v1/documents/org/314/upload')).toEqual([]);
  });

  it('refuses to download a call that answers JSON', async () => {
    const { client } = signedIn();
    await expect(client.download(CONTRACT.myProfile, {})).rejects.toThrow(/does not answer a file/);
  });
});

describe('errors (one shape, SPEC §8)', () => {
  it('keeps how long a 429 asks to wait (Retry-After, in seconds or as a date)', async () => {
    const limited = (retryAfter: string) => () =>
      new Response(
        JSON.stringify({ statusCode: 429, code: 'RATE_LIMITED', message: 'حاول لاحقًا' }),
        { status: 429, headers: { 'content-type': 'application/json', 'retry-after': retryAfter } },
      );
    for (const [header, seconds] of [
      ['60', 60],
      [new Date(Date.now() + 90_000).toUTCString(), 90],
    ] as const) {
      const server = fakeServer({ routes: { 'GET /api/v1/profile/my': limited(header) } });
      const { client } = signedIn(server);
      const failure = await client.call(CONTRACT.myProfile, {}).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      // A date is read against the clock, so a second may pass between writing and reading it.
      expect((failure as ApiError).retryAfterSeconds).toBeGreaterThanOrEqual(seconds - 1);
      expect((failure as ApiError).retryAfterSeconds).toBeLessThanOrEqual(seconds);
    }
  });

  it('keeps the server’s message, code, field errors and request id', async () => {
    const server = fakeServer({
      routes: {
        'POST /api/v1/esign/my/documents': () =>
          errorAnswer(400, 'VALIDATION_FAILED', 'رقم العملية غير صحيح', {
            fieldErrors: [{ path: 'transactionID', message: 'غير موجود' }],
            requestId: 'req-42',
          }),
      },
    });
    const { client } = signedIn(server);
    const failure = await client
      .call(CONTRACT.myDocuments, { body: { transactionID: 'T-1' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'رقم العملية غير صحيح',
      fieldErrors: [{ path: 'transactionID', message: 'غير موجود' }],
      requestId: 'req-42',
      hasMessage: true,
    });
  });

  it('makes an error with no message from an answer that is not ours, so screens say “Failed to fetch”', async () => {
    const server = fakeServer({
      routes: {
        'GET /api/v1/profile/my': () => new Response('<html>oops</html>', { status: 502 }),
      },
    });
    const { client } = signedIn(server);
    await expect(client.call(CONTRACT.myProfile, {})).rejects.toMatchObject({
      statusCode: 502,
      code: 'INTERNAL',
      hasMessage: false,
    });
  });

  it('reports a request that got no answer as a network error with status 0', async () => {
    const { client } = setup(fakeServer(), {
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(client.call(CONTRACT.vat, {})).rejects.toMatchObject({
      statusCode: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('passes an abort through as an abort, not as a failure', async () => {
    const controller = new AbortController();
    const { client } = signedIn();
    const call = client.call(CONTRACT.myProfile, {}, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses an answer that does not match the contract', async () => {
    const server = fakeServer({
      routes: { 'GET /api/v1/profile/my': () => jsonAnswer(200, { userSlno: 'seven' }) },
    });
    const { client } = signedIn(server);
    await expect(client.call(CONTRACT.myProfile, {})).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      statusCode: 200,
    });
  });

  it('refuses an input that does not match the contract without sending anything', async () => {
    const server = fakeServer();
    const { client } = signedIn(server);
    const failure = client.call(CONTRACT.nafathLoginInitiate, {
      params: {},
      body: { nationalID: '1234567890' },
    });
    await expect(failure).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      fieldErrors: [{ path: 'body.nationalID', message: 'not a valid national id' }],
    });
    expect(server.state.requests).toHaveLength(0);
  });
});

describe('building requests from the contract', () => {
  it('fills path parameters, including the identity service, and the query', async () => {
    const server = fakeServer({
      routes: {
        'GET /api/v1/buy/org/getL1Plans': () => jsonAnswer(200, { dataList: [], vat: 15 }),
        'POST /api/v1/auth/nafath/login/initiate': () =>
          jsonAnswer(200, {
            status: '1',
            errorMessage: null,
            nationalID: '1000000008',
            transId: 't-1',
            random: '42',
          }),
        'POST /api/v1/common/states/1': () => jsonAnswer(200, { dataList: [] }),
      },
    });
    const { client } = signedIn(server);
    await client.call(CONTRACT.l1Plans, { query: { sipId: 408 } });
    const answer = await client.call(CONTRACT.nafathLoginInitiate, {
      params: {},
      body: { nationalID: '1000000008' },
    });
    await client.call(CONTRACT.states, { params: { id: 1 } });
    expect(answer.random).toBe('42');
    expect(server.requestsTo('/api/v1/buy/org/getL1Plans')[0]?.search).toBe('?sipId=408');
    expect(server.requestsTo('/api/v1/auth/nafath/login/initiate')).toHaveLength(1);
    expect(server.requestsTo('/api/v1/common/states/1')).toHaveLength(1);
  });

  it('sends the body with the contract’s defaults applied', async () => {
    const server = fakeServer({
      routes: {
        'POST /api/v1/dashboard/my/dashboard': () =>
          jsonAnswer(200, {
            totalTransactions: 0,
            utilizedTransactions: 0,
            balanceTransactions: 0,
            activePlans: 0,
            nextExpiry: null,
            recentTransactions: [],
            applications: [],
          }),
      },
    });
    const { client } = signedIn(server);
    await client.call(CONTRACT.myDashboard, { body: {} });
    expect(server.requestsTo('/api/v1/dashboard/my/dashboard')[0]?.body).toEqual({
      dashboardType: 3,
      displayValue: 3,
      userType: 3,
    });
  });
});

describe('types from the contract', () => {
  it('requires each call’s declared inputs and types its answer', async () => {
    const { client } = signedIn();
    // @ts-expect-error a call with path parameters needs them
    await expect(client.call(CONTRACT.purchasedPlans, {})).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
    // @ts-expect-error a call without a body takes none
    await expect(client.call(CONTRACT.myProfile, { body: {} })).resolves.toBeDefined();
    const profile = await client.call(CONTRACT.myProfile, {});
    const name: string = profile.fullNameEnglish;
    // @ts-expect-error the answer has only the declared fields
    expect(profile.unexpected).toBeUndefined();
    expect(name).toBe('Sara Al-Qahtani');
  });
});
