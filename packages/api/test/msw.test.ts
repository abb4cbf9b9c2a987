import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  CONTRACT,
  ENDPOINTS,
  createApiClient,
  localCoordinator,
  memoryStorage,
  type DownloadedFile,
  type SessionMessage,
} from '../src/index.js';
import { MOCK_FILE_BYTES, createMockHandlers, fixturesOf, mockStates } from '../src/msw/index.js';

const ORIGIN = 'http://tawqi.mock';
const server = setupServer(...createMockHandlers({ baseUrl: ORIGIN }));
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
});
afterAll(() => {
  server.close();
});

const saved: DownloadedFile[] = [];
const client = createApiClient({
  baseUrl: `${ORIGIN}/`,
  storage: memoryStorage(),
  language: () => 'en',
  onLogout: () => undefined,
  deviceId: () => Promise.resolve('d'.repeat(64)),
  coordinator: localCoordinator<SessionMessage>(),
  saveFile: (file) => saved.push(file),
});

describe('mock handlers for Storybook and tests', () => {
  it('exist for every call of the contract', () => {
    expect(createMockHandlers()).toHaveLength(ENDPOINTS.length);
  });

  it('leave the calls asked for to the network', () => {
    const handlers = createMockHandlers({ passthrough: ['translations'] });
    expect(handlers).toHaveLength(ENDPOINTS.length - 1);
    const paths = handlers.map((handler) => String(handler.info.path));
    expect(paths).not.toContain('/locales/:lng/:ns.json');
    expect(paths).toContain('/api/v1/common/esign/plans');
  });

  it('answer through the real client', async () => {
    const plans = await client.call(CONTRACT.purchasedPlans, { params: { page: 2, size: 5 } });
    expect(plans.purchasedPlanList).toHaveLength(5);
    expect(plans.totalCount).toBe(12);
    const messages = await client.call(CONTRACT.translations, {
      params: { lng: 'ar', ns: 'index' },
    });
    expect(messages).toEqual({});
    const initiated = await client.call(CONTRACT.nafathLoginInitiate, {
      params: {},
      body: { nationalID: '1000000008' },
    });
    expect(initiated).toMatchObject({ status: '1', random: '42', nationalID: '1000000008' });
  });

  it('answer in the language the request asks for, as the server does', async () => {
    let language: 'en' | 'ar' = 'ar';
    const bilingual = createApiClient({
      baseUrl: `${ORIGIN}/`,
      storage: memoryStorage(),
      language: () => language,
      onLogout: () => undefined,
      deviceId: () => Promise.resolve('d'.repeat(64)),
      coordinator: localCoordinator<SessionMessage>(),
      saveFile: () => undefined,
    });
    const inArabic = await bilingual.call(CONTRACT.paymentHistory, {
      params: { page: 1, size: 3 },
    });
    expect(inArabic.dataList[0]?.productName).toMatch(/^التوقيع الإلكتروني: /);
    language = 'en';
    const inEnglish = await bilingual.call(CONTRACT.paymentHistory, {
      params: { page: 1, size: 3 },
    });
    expect(inEnglish.dataList[0]?.productName).toMatch(/^eSign: /);
  });

  it('serve exports as files with the spec’s name', async () => {
    const file = await client.download(CONTRACT.exportSpecialPlan, {
      body: { orgSlNo: 314, language: 'en' },
    });
    expect(file.fileName).toBe('Special_Plan.xlsx');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(MOCK_FILE_BYTES);
  });

  it('serve documents as a real PDF a viewer can draw, its cross-reference table where it says', async () => {
    const file = await client.download(CONTRACT.esignApprovalDocument, {
      params: { token: 'q3Xv0pZ9Lr2bW8cT1yN6eH4kM7sJ5aDf', position: 1 },
    });
    const text = new TextDecoder().decode(await file.blob.arrayBuffer());
    expect(text.startsWith('%PDF-1.7')).toBe(true);
    const table = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(table, table + 4)).toBe('xref');
    // Every object where the table puts it.
    const offsets = [...text.slice(table).matchAll(/^(\d{10}) 00000 n $/gm)].map((row) =>
      Number(row[1]),
    );
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => {
      expect(text.slice(offset).startsWith(`${String(index + 1)} 0 obj`)).toBe(true);
    });
    expect(text).toContain('(Lease agreement) Tj');
  });

  it('refuse a body the contract refuses, as the server will', async () => {
    const response = await fetch(`${ORIGIN}/api/v1/esign/my/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionID: 'ES-1', extra: true }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: [{ path: 'body' }],
    });
  });

  it('make the empty state of a call', async () => {
    server.use(mockStates.empty('paymentHistory', { baseUrl: ORIGIN }));
    const history = await client.call(CONTRACT.paymentHistory, { params: { page: 1, size: 10 } });
    expect(history).toEqual({ dataList: [], totalCount: 0 });
  });

  it('make the failure state of a call, with or without a message', async () => {
    server.use(mockStates.failure('myDocuments', 500, '', ORIGIN));
    const failure = await client
      .call(CONTRACT.myDocuments, { body: { transactionID: 'ES-1' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ statusCode: 500, code: 'INTERNAL', hasMessage: false });
    server.use(mockStates.failure('myDocuments', 404, 'No such transaction', ORIGIN));
    await expect(
      client.call(CONTRACT.myDocuments, { body: { transactionID: 'ES-1' } }),
    ).rejects.toMatchObject({
      statusCode: 404,
      message: 'No such transaction',
    });
  });

  it("say a failure's message in the request's language when given one per language", async () => {
    server.use(
      mockStates.failure('myDocuments', 400, { en: 'Not on sale', ar: 'لم تعد معروضة' }, ORIGIN),
    );
    const failed = (language: string) =>
      fetch(`${ORIGIN}/api/v1/esign/my/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': language },
        body: JSON.stringify({ transactionID: 'ES-1' }),
      }).then((answer) => answer.json() as Promise<{ message: string }>);
    expect((await failed('ar-SA')).message).toBe('لم تعد معروضة');
    expect((await failed('en')).message).toBe('Not on sale');
  });

  it("give a story's own handler the fixtures in the request's language", () => {
    const asked = (language: string) =>
      new Request(ORIGIN, { headers: { 'accept-language': language } });
    expect(fixturesOf(asked('ar')).language).toBe('ar');
    expect(fixturesOf(asked('en-US')).language).toBe('en');
    expect(fixturesOf(new Request(ORIGIN)).language).toBe('en');
    expect(fixturesOf(asked('ar')).say({ en: 'Finance', ar: 'المالية' })).toBe('المالية');
  });

  it('make the loading state of a call: it does not answer', async () => {
    server.use(mockStates.loading('myProfile', ORIGIN));
    const controller = new AbortController();
    const call = client.call(CONTRACT.myProfile, {}, { signal: controller.signal });
    const settled = await Promise.race([
      call.then(
        () => 'answered',
        () => 'failed',
      ),
      new Promise((resolve) =>
        setTimeout(() => {
          resolve('waiting');
        }, 100),
      ),
    ]);
    expect(settled).toBe('waiting');
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});
