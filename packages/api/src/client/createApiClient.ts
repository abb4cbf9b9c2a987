/**
 * The api client (SPEC §4 "Session", §7, §8): typed calls from the contract, the headers every call
 * carries, and the session policy of the domain carried out — the access token renewed before it
 * expires, refresh once and retry on 401 (never on an authorization 403), one refresh for many
 * failures (across tabs too), TOKEN_EXPIRED → remove the refresh token and log out. The rules
 * themselves live in @tawqi/domain; this file only acts on its decisions.
 */
import {
  REQUEST_HEADERS,
  STORAGE_KEYS,
  TOKEN_EXPIRED,
  afterFailedCall,
  afterRefreshFailure,
  type Language,
  type RefreshOutcome,
} from '@tawqi/domain';
import ky, { type KyInstance } from 'ky';
import type { z } from 'zod';
import { refresh as refreshEndpoint } from '../contract/authentication.js';
import type {
  DownloadedFile,
  Endpoint,
  EndpointInput,
  EndpointOutput,
} from '../contract/endpoint.js';
import type { sessionData } from '../contract/schemas.js';
import { ApiError, errorFromAnswer } from '../errors.js';
import { browserCoordinator, type SessionCoordinator } from './coordination.js';
import { ensureDeviceId } from './deviceId.js';
import { saveDownloadedFile } from './download.js';
import type { KeyValueStorage } from './storage.js';
import { requestParts } from './url.js';

export type SessionData = z.output<typeof sessionData>;

/** What one tab tells the others after it refreshed. */
export interface SessionMessage {
  from: string;
  session: SessionData;
}

export interface ApiClientOptions {
  /** Where the API is served: `/` for the same origin, or an absolute URL. */
  baseUrl: string;
  /** Where the refresh token, device id and last activity are kept (localStorage in browsers). */
  storage: KeyValueStorage;
  /**
   * Where a pre-enrolment application's secret is kept (sessionStorage in browsers, so
   * an application belongs to the person in this tab, not to the browser); `storage` when absent.
   */
  applicationStorage?: KeyValueStorage;
  /** The language of the moment, sent as Accept-Language. */
  language: () => Language;
  /** Called once when the session is over (refresh answered TOKEN_EXPIRED): go to /logout. */
  onLogout: () => void;
  /** Called with every new session: after a refresh here or in another tab. */
  onSession?: (session: SessionData) => void;
  fetch?: typeof fetch;
  now?: () => number;
  coordinator?: SessionCoordinator<SessionMessage>;
  deviceId?: () => Promise<string>;
  /** Saves a downloaded file; in browsers, through a temporary link. */
  saveFile?: (file: DownloadedFile) => void;
  timeoutMs?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** For calls with money effects; one is made per call when not given. */
  idempotencyKey?: string;
  /** A download's progress: the bytes received so far, as they arrive. */
  onProgress?: (receivedBytes: number) => void;
}

export interface ApiClient {
  /** Calls an endpoint of the contract: input checked before sending, answer checked on arrival. */
  call<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: CallOptions,
  ): Promise<EndpointOutput<E>>;
  /** Calls an export and saves the file under the spec's name; resolves to the file. */
  download<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: CallOptions,
  ): Promise<DownloadedFile>;
  /** Starts a session after a login or enrolment verify: keeps the token, stores the refresh token. */
  setSession(session: SessionData): void;
  /** Whether a session (an access token) is held in memory. */
  hasSession(): boolean;
  /** Restores the session from the stored refresh token (auth-check, SPEC §2). */
  restoreSession(): Promise<RefreshOutcome>;
  /** Forgets the session here: the access token and the stored refresh token. */
  clearSession(): void;
  /** Stops listening to other tabs (and closes the channel the client opened itself). */
  dispose(): void;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * An access token is renewed before a call once past half its life or in its last minute,
 * whichever comes later: a person's calls then do not meet its expiry (a 401 and a retry).
 */
const RENEW_IN_LAST_MS = 60_000;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { storage } = options;
  const now = options.now ?? Date.now;
  const ownCoordinator = options.coordinator === undefined;
  const coordinator = options.coordinator ?? browserCoordinator<SessionMessage>();
  const deviceId = options.deviceId ?? (() => ensureDeviceId(storage));
  const saveFile = options.saveFile ?? saveDownloadedFile;
  const clientId = crypto.randomUUID();
  const http: KyInstance = ky.create({
    prefixUrl: options.baseUrl,
    throwHttpErrors: false,
    retry: 0,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  let accessToken: string | null = null;
  /** When the access token is renewed before the next call (this client's clock). */
  let renewAt = Infinity;
  let refreshing: Promise<RefreshOutcome> | null = null;

  const adopt = (session: SessionData) => {
    accessToken = session.token;
    const lifetimeMs = session.expiresIn * 1000;
    renewAt = now() + Math.max(lifetimeMs / 2, lifetimeMs - RENEW_IN_LAST_MS);
    storage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
    options.onSession?.(session);
  };
  const unsubscribe = coordinator.subscribe((message) => {
    if (message.from !== clientId) adopt(message.session);
  });

  /** One HTTP exchange with the headers every call carries (SPEC §7); never throws for a status. */
  async function send(
    endpoint: Endpoint,
    parts: ReturnType<typeof requestParts>,
    extra: { signal?: AbortSignal | undefined; idempotencyKey?: string | undefined },
  ): Promise<Response> {
    const at = now();
    storage.setItem(STORAGE_KEYS.lastActivity, String(at));
    const headers: Record<string, string> = {
      [REQUEST_HEADERS.deviceId]: await deviceId(),
      [REQUEST_HEADERS.language]: options.language(),
      [REQUEST_HEADERS.lastActivity]: String(at),
    };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    // A pre-enrolment application's secret goes only to that application's calls.
    const applicationToken =
      endpoint.access === 'applicant'
        ? (options.applicationStorage ?? storage).getItem(STORAGE_KEYS.applicationToken)
        : null;
    if (applicationToken) headers[REQUEST_HEADERS.applicationToken] = applicationToken;
    if (extra.idempotencyKey) headers['Idempotency-Key'] = extra.idempotencyKey;
    if (parts.file) headers['content-type'] = parts.file.type || 'application/octet-stream';
    try {
      return await http(parts.url, {
        method: endpoint.method,
        headers,
        ...(parts.searchParams ? { searchParams: parts.searchParams } : {}),
        ...(parts.body === undefined ? {} : { json: parts.body }),
        ...(parts.file ? { body: parts.file } : {}),
        ...(extra.signal ? { signal: extra.signal } : {}),
      });
    } catch (error) {
      if (extra.signal?.aborted) throw error;
      throw new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', message: '' });
    }
  }

  /**
   * One refresh for every call that failed with (or renews) the same access token. Under the
   * cross-tab lock, a session newer than `failedWith` means another caller already refreshed: use it.
   */
  function refreshOnce(failedWith: string | null): Promise<RefreshOutcome> {
    refreshing ??= coordinator
      .runExclusive(async (): Promise<RefreshOutcome> => {
        if (accessToken !== null && accessToken !== failedWith) return { kind: 'ok' };
        return refreshNow();
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function refreshNow(): Promise<RefreshOutcome> {
    const refreshToken = storage.getItem(STORAGE_KEYS.refreshToken);
    if (!refreshToken) return { kind: 'rejected', status: 401, detail: TOKEN_EXPIRED };
    let response: Response;
    try {
      const body = { refreshToken, deviceID: await deviceId() };
      response = await send(refreshEndpoint, requestParts(refreshEndpoint, { body }), {});
    } catch {
      return { kind: 'network-error' };
    }
    if (response.status !== 200) {
      const error = await errorOf(response);
      return { kind: 'rejected', status: response.status, detail: error.detail ?? null };
    }
    const parsed = refreshEndpoint.answer.schema.safeParse(await readJson(response));
    if (!parsed.success) return { kind: 'rejected', status: response.status, detail: null };
    adopt(parsed.data);
    coordinator.publish({ from: clientId, session: parsed.data });
    return { kind: 'ok' };
  }

  /** The logout that a TOKEN_EXPIRED refresh causes, once however many calls saw it. */
  let loggedOutToken: string | null | undefined;
  function logOutOnce(refreshToken: string | null) {
    if (loggedOutToken === refreshToken) return;
    loggedOutToken = refreshToken;
    accessToken = null;
    storage.removeItem(STORAGE_KEYS.refreshToken);
    options.onLogout();
  }

  async function exchange<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    callOptions: CallOptions = {},
  ) {
    const parts = requestParts(endpoint, input);
    const extra = {
      signal: callOptions.signal,
      idempotencyKey: endpoint.idempotent
        ? (callOptions.idempotencyKey ?? crypto.randomUUID())
        : undefined,
    };
    if (endpoint.access !== 'applicant' && accessToken !== null && now() >= renewAt) {
      // Renewed ahead; should that fail, the call goes with the token it has (a 401 refreshes).
      const renewed = await refreshOnce(accessToken);
      if (renewed.kind !== 'ok') renewAt = Infinity;
    }
    const sentWith = accessToken;
    const first = await send(endpoint, parts, extra);
    if (first.ok) return first;
    // An application's call is not the session's: its 401 is the application's (no refresh).
    if (endpoint.access === 'applicant') throw await errorOf(first);
    const refreshTokenAtFailure = storage.getItem(STORAGE_KEYS.refreshToken);
    const step = afterFailedCall(first.status, {
      retried: false,
      hasRefreshToken: refreshTokenAtFailure !== null,
    });
    if (step.type === 'fail') throw await errorOf(first);
    const outcome = await refreshOnce(sentWith);
    if (outcome.kind !== 'ok') {
      const failure = afterRefreshFailure(outcome);
      if (failure.type === 'logout') {
        logOutOnce(refreshTokenAtFailure);
        throw new ApiError({
          statusCode: 401,
          code: 'UNAUTHENTICATED',
          message: '',
          detail: TOKEN_EXPIRED,
        });
      }
      throw await errorOf(first);
    }
    const retried = await send(endpoint, parts, extra);
    if (retried.ok) return retried;
    throw await errorOf(retried);
  }

  return {
    async call(endpoint, input, callOptions) {
      const response = await exchange(endpoint, input, callOptions);
      if (endpoint.answer.kind !== 'json') {
        return {
          blob: await response.blob(),
          fileName: fileNameOf(endpoint, response),
        } as EndpointOutput<typeof endpoint>;
      }
      const parsed = endpoint.answer.schema.safeParse(await readJson(response));
      if (!parsed.success) {
        throw new ApiError({ statusCode: response.status, code: 'INVALID_RESPONSE', message: '' });
      }
      return parsed.data as EndpointOutput<typeof endpoint>;
    },
    async download(endpoint, input, callOptions) {
      if (endpoint.answer.kind === 'json')
        throw new TypeError(`${endpoint.id} does not answer a file`);
      const response = await exchange(endpoint, input, callOptions);
      const file = {
        blob: await blobOf(response, callOptions?.onProgress),
        fileName: fileNameOf(endpoint, response),
      };
      saveFile(file);
      return file;
    },
    setSession(session) {
      loggedOutToken = undefined;
      adopt(session);
    },
    hasSession: () => accessToken !== null,
    restoreSession: () => refreshOnce(accessToken),
    clearSession() {
      accessToken = null;
      storage.removeItem(STORAGE_KEYS.refreshToken);
    },
    dispose() {
      unsubscribe();
      if (ownCoordinator) coordinator.close();
    },
  };
}

/**
 * The name a file is saved under: an export's is the spec's; a document's is the one the server
 * sends in `Content-Disposition` (`filename*`, UTF-8 per RFC 8187, so an Arabic name arrives
 * intact; else `filename`). Our server writes that header one way (http/download.ts), so reading
 * those two parameters is enough.
 */
function fileNameOf(endpoint: Endpoint, response: Response): string {
  if (endpoint.answer.kind === 'blob') return endpoint.answer.fileName;
  const header = response.headers.get('content-disposition') ?? '';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // a malformed name: fall back to the plain one
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? 'document';
}

/** A file's body, read chunk by chunk when someone follows its progress (exports stream). */
async function blobOf(
  response: Response,
  onProgress: ((receivedBytes: number) => void) | undefined,
): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const parts: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(parts as BlobPart[], {
    type: response.headers.get('content-type') ?? 'application/octet-stream',
  });
}

/** The JSON of an answer, or undefined when it has none or it is not JSON. */
/** The error a failed answer is: its body, and the wait its Retry-After asks for. */
async function errorOf(response: Response): Promise<ApiError> {
  return errorFromAnswer(
    response.status,
    await readJson(response),
    response.headers.get('retry-after'),
  );
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.clone().json();
  } catch {
    return undefined;
  }
}
