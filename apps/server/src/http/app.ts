/**
 * The HTTP application: security headers, CORS allowlist, body limits, request ids, one localized
 * error shape with no stack traces, health and readiness, the contract's routes, and the portal
 * (SPA fallback) when it is built.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';
import proxyAddr from '@fastify/proxy-addr';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '@tawqi/api';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from '../config.js';
import type { Pool } from '../db/pool.js';
import {
  registerContractRoutes,
  type Access,
  type ApplicantOf,
  type Handlers,
  type UploadInspector,
} from './contractRoutes.js';
import type { EndpointId } from '@tawqi/api';
import { createIdempotencyStore } from './idempotency.js';
import { AppError, languageOf, messageOf } from './errors.js';
import { POLICIES, type Policy } from './policies.js';
import { isCanonicalPath, NON_CANONICAL_PATH } from './canonicalPath.js';
import { capRequestsInFlight } from './inFlight.js';
import { sharedRateLimitStore } from './sharedRateLimit.js';
import { routeMethods } from './methods.js';
import { auditContextOf, type AuditLog } from '../modules/audit/log.js';
import { isPortalRoute } from '@tawqi/domain';

export interface AppOptions {
  config: Config;
  pool: Pool;
  access: Access;
  /** Finds a pre-enrolment application's secret's application (none, when not given). */
  applicantOf?: ApplicantOf;
  handlers: Handlers;
  /**
   * An upload call's own capacity, asked before its body is read: a call that would turn the
   * file away anyway (busy) says so without first taking in its megabytes.
   */
  admissions?: Partial<Record<EndpointId, (request: FastifyRequest) => Promise<void>>>;
  /** Every upload is shown to it (the malware scanner) before the call's handler runs. */
  inspectUpload?: UploadInspector;
  policies?: Partial<Record<string, Policy>>;
  /** The built portal (index.html and assets), served with an SPA fallback when present. */
  portalDir?: string;
  /** Extra plugins mounted on the app (the simulators' pages, say). */
  plugins?: ((app: FastifyInstance) => Promise<void> | void)[];
  /** What else must answer before the server takes traffic: null, or what does not. */
  readiness?: () => Promise<string | null>;
  logger?: FastifyServerOptions['logger'];
  /** Requests per minute per address on the API (600 by default). */
  rateLimitPerMinute?: number;
  /** Where refusals are recorded: each 403 decision, and a rate limit's first 429 a minute. */
  audit?: Pick<AuditLog, 'record'>;
  /** The time now, for the idempotency store; tests move it. */
  clock?: () => Date;
}

export const BODY_LIMIT_BYTES = 256 * 1024;

/** How long a request without an access token waits for a slot before its 429 (inFlight.ts). */
const ANONYMOUS_WAIT_MS = 2_000;

/** Fastify's request lines at debug instead of info (a failed request is still logged as one). */
class RequestsAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) super.requestCompleted(error, request, reply, metadata);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = fastifyOf(config, options.logger);
  const methodsOf = routeMethods(app);

  // JSON only: any other body type answers 415.
  app.removeContentTypeParser(['text/plain']);

  const securityHeaders = securityHeadersFor(config);

  await limitRequests(app, options);

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });

  handleErrors(app, options);

  app.get('/health', () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    try {
      await options.pool.query('SELECT 1');
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
    const problem = await options.readiness?.();
    if (problem) return reply.status(503).send({ status: problem });
    return { status: 'ready' };
  });

  for (const plugin of options.plugins ?? []) await plugin(app);

  registerContractRoutes(app, {
    handlers: options.handlers,
    ...(options.admissions ? { admissions: options.admissions } : {}),
    ...(options.inspectUpload ? { inspectUpload: options.inspectUpload } : {}),
    policies: options.policies ?? POLICIES,
    access: options.access,
    ...(options.applicantOf ? { applicantOf: options.applicantOf } : {}),
    idempotency: createIdempotencyStore(options.pool, options.clock ?? (() => new Date())),
  });

  await servePortal(app, config, options.portalDir, methodsOf);

  return app;
}

/**
 * The headers helmet sets with these options, as one object (names in lower case, as Fastify keeps
 * them). Helmet's answer does not depend on the request; `x-powered-by`, which it removes, Fastify
 * never sets.
 */
function secureHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  // Set by helmet's callback, which it calls before returning (its middleware is synchronous).
  let done = false as boolean;
  helmet(options)({} as unknown as IncomingMessage, response as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not answer at once');
  return headers;
}

/** Translations may be reused for five minutes, from the api or as the built portal's files. */
export const TRANSLATIONS_CACHE_CONTROL = 'public, max-age=300';

/** Failures that are outcomes, not faults: logged at warn, once, without a stack. */
const EXPECTED_FAILURES = new Set([501, 503]);

/**
 * At most `cap` open connections per remote address (0: no cap). A trusted balancer's
 * connections carry everyone's requests and are not capped: the balancer caps its clients.
 * One more is closed at once.
 */
function capConnectionsPerAddress(
  server: Server,
  cap: number,
  trustedProxy: ((address: string, hop: number) => boolean) | null,
): void {
  if (cap <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    if (trustedProxy?.(address, 0)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** Any error as the one shape: ours as they are; Fastify's by their status; the rest as 500. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const statusCode =
    typeof error === 'object' && error !== null && 'statusCode' in error
      ? Number(error.statusCode)
      : 500;
  const byStatus: Partial<Record<number, AppError>> = {
    400: new AppError(400, 'VALIDATION_FAILED'),
    404: new AppError(404, 'NOT_FOUND'),
    413: new AppError(413, 'PAYLOAD_TOO_LARGE'),
    415: new AppError(415, 'UNSUPPORTED_MEDIA_TYPE'),
    429: new AppError(429, 'RATE_LIMITED'),
    503: new AppError(503, 'SERVICE_UNAVAILABLE'),
  };
  if (isDatabaseDown(error)) return new AppError(503, 'SERVICE_UNAVAILABLE');
  return byStatus[statusCode] ?? new AppError(500, 'INTERNAL');
}

/** A lost or refused database connection: the API answers 503 until it is back. */
function isDatabaseDown(error: unknown): boolean {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003'].includes(code) ||
    /Connection terminated|timeout exceeded when trying to connect/.test(String(error))
  );
}

/** Fastify as this server runs it: its timeouts, its log, its request ids, its paths. */
function fastifyOf(config: Config, logger: AppOptions['logger']): FastifyInstance {
  // Only the configured balancers' X-Forwarded-For is believed: anyone else could name any address.
  const trustedProxy =
    config.TRUSTED_PROXIES.length > 0 ? proxyAddr.compile(config.TRUSTED_PROXIES) : null;
  return Fastify({
    ...(trustedProxy ? { trustProxy: trustedProxy } : {}),
    // Every timeout set, so slow clients cannot hold connections: the whole request
    // within REQUEST_TIMEOUT_MS, its headers within HEADERS_TIMEOUT_MS, an idle keep-alive
    // connection closed after KEEP_ALIVE_TIMEOUT_MS; and connections capped per address.
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout: config.REQUEST_TIMEOUT_MS,
          headersTimeout: Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
          keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
          // How often Node looks for requests past their time (its default is 30 s).
          connectionsCheckingInterval: Math.max(
            50,
            Math.min(1000, Math.floor(config.HEADERS_TIMEOUT_MS / 2)),
          ),
        },
        handler,
      );
      capConnectionsPerAddress(server, config.CONNECTIONS_PER_ADDRESS, trustedProxy);
      return server;
    },
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS,
    logger: logger ?? {
      level: config.LOG_LEVEL,
      // Secrets and identities never reach the log (SECURITY.md "Audit").
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-device-id"]'],
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Demo mode logs each request at debug, so the start's banner stays on the screen;
    // production keeps Fastify's request lines at info for its log collector.
    ...(config.demo ? { logController: new RequestsAtDebug() } : {}),
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // Before any routing decision: a path written another way than the one routing reads is
    // answered 400 (canonicalPath.ts).
    rewriteUrl: (request) =>
      isCanonicalPath(request.url ?? '/') ? (request.url ?? '/') : NON_CANONICAL_PATH,
  });
}

/**
 * Helmet's headers are the same for every answer: worked out once here and handed to each reply
 * with the rest of its headers, rather than set one by one on the raw response by helmet's
 * middleware on every request (@fastify/helmet even rebuilt the middleware each time).
 */
function securityHeadersFor(config: Config) {
  // Helmet's headers are the same for every answer: worked out once here and handed to each reply
  // with the rest of its headers, rather than set one by one on the raw response by helmet's
  // middleware on every request (@fastify/helmet even rebuilt the middleware each time).
  // Google reCAPTCHA, when the configuration chooses it over the embedded captcha, loads its
  // script and frame from Google; nothing else is ever allowed off this origin.
  const google =
    config.CAPTCHA_PROVIDER === 'recaptcha'
      ? ['https://www.google.com', 'https://www.gstatic.com']
      : [];
  return secureHeadersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...google],
        ...(google.length > 0 ? { frameSrc: google } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
}

/** Who may call from a browser, and how much any one address may ask: per minute and at once. */
async function limitRequests(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { config } = options;
  const allowed = new Set([config.publicOrigin, ...config.CORS_ORIGINS]);
  await app.register(cors, {
    // Exact origins only, echoed back; no wildcard.
    origin: (origin, callback) => {
      callback(null, origin !== undefined && allowed.has(origin) ? origin : false);
    },
    credentials: false,
    allowedHeaders: [
      'content-type',
      'authorization',
      'accept-language',
      'x-device-id',
      'x-last-activity',
      'idempotency-key',
      'x-application-token',
    ],
  });

  // A broad per-address limit on the API against floods, counted in PostgreSQL like the limits
  // that guard accounts and identities (sign-in, one-time codes, identity-app requests), so that
  // it holds across every process behind a balancer. The database out of reach does not refuse
  // a request here: the request meets the outage where it needs the database. The authority's
  // OCSP responder and TSA sign for anyone: a count of their own per address, so that one
  // relying party's burst neither starves others nor uses up its API allowance.
  const isPkiService = (url: string) => /^\/pki\/(?:ocsp|tsa)(?:\/|$|\?)/.test(url);
  await app.register(rateLimit, {
    max: (request) =>
      isPkiService(request.url)
        ? config.PKI_RATE_LIMIT_PER_MINUTE
        : (options.rateLimitPerMinute ?? 600),
    keyGenerator: (request) => (isPkiService(request.url) ? `pki ${request.ip}` : request.ip),
    timeWindow: '1 minute',
    // Real time, not the application's clock (a test's stands still): a rate is per real minute.
    store: sharedRateLimitStore(options.pool),
    skipOnError: true,
    allowList: (request) => !request.url.startsWith('/api/') && !isPkiService(request.url),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMITED', {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });

  capRequestsInFlight(
    app,
    {
      perAddress: config.REQUESTS_AT_ONCE_PER_ADDRESS,
      perSession: config.REQUESTS_AT_ONCE_PER_SESSION,
      anonymousPerAddress: config.ANONYMOUS_AT_ONCE_PER_ADDRESS,
      anonymousTotal: config.ANONYMOUS_AT_ONCE,
      waitMs: ANONYMOUS_WAIT_MS,
    },
    (url) => url.startsWith('/api/') || isPkiService(url),
  );
}

/** Every failure answered in the caller's language; refusals recorded in the audit log. */
function handleErrors(app: FastifyInstance, options: AppOptions): void {
  app.setErrorHandler((error, request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    // A client that went away mid-request (its socket closed) is an outcome, not a fault, and
    // not a database outage either (both show as ECONNRESET).
    if (request.raw.socket.destroyed) {
      request.log.warn({ url: request.url }, 'client closed the request');
      return reply.status(499).send();
    }
    const appError = toAppError(error);
    if (options.audit) recordRefusal(options.audit, request, appError);
    // Outcomes we expect (a call not built yet, the database away) are noted once, without a
    // stack; anything else at 500 is a fault, logged with its stack.
    if (EXPECTED_FAILURES.has(appError.statusCode))
      request.log.warn({ code: appError.code, url: request.url }, 'request not served');
    else if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    // 401 says the token is not valid (RFC 6750); 403, that a valid caller may not do this.
    if (appError.statusCode === 401)
      void reply.header('www-authenticate', 'Bearer error="invalid_token"');
    const body: ApiErrorBody = {
      statusCode: appError.statusCode,
      code: appError.code,
      message: appError.options.localized?.[language] ?? messageOf(appError.code, language),
      requestId: request.id,
      ...(appError.options.detail ? { detail: appError.options.detail } : {}),
      ...(appError.options.fieldErrors ? { fieldErrors: appError.options.fieldErrors } : {}),
    };
    for (const [name, value] of Object.entries(appError.options.headers ?? {}))
      void reply.header(name, value);
    return reply.status(appError.statusCode).send(body);
  });

  app.all(NON_CANONICAL_PATH, () => {
    throw new AppError(400, 'VALIDATION_FAILED', {
      localized: {
        en: 'This address is not written in its plain form. Use the address without encoded letters or dot segments.',
        ar: 'هذا العنوان غير مكتوب بصيغته المباشرة. استخدم العنوان دون حروف مرمّزة أو مقاطع نقطية.',
      },
    });
  });
  /**
   * When an address's last 429 was recorded: a flood writes one record a minute, not thousands.
   * A sliding minute, not the clock's minute: a short flood across a minute's turn is still one.
   */
  const limitedRecorded = new Map<string, number>();
  function recordRefusal(
    audit: Pick<AuditLog, 'record'>,
    request: FastifyRequest,
    refusal: AppError,
  ) {
    const { statusCode } = refusal;
    if (statusCode !== 403 && statusCode !== 429) return;
    if (statusCode === 429) {
      const now = Date.now();
      const last = limitedRecorded.get(request.ip);
      if (last !== undefined && now - last < 60_000) return;
      if (limitedRecorded.size > 10_000) limitedRecorded.clear();
      limitedRecorded.set(request.ip, now);
    }
    audit
      .record(options.pool, auditContextOf(request, null), {
        action: statusCode === 403 ? 'access.denied' : 'request.rate-limited',
        outcome: 'denied',
        target: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0] ?? ''}`,
        detail: { code: refusal.code, reason: refusal.options.detail ?? null },
      })
      .catch((failure: unknown) => {
        request.log.warn({ error: String(failure) }, 'refusal not recorded');
      });
  }
}

/** The portal's files, and its page for every client route (not-found ones with 404). */
async function servePortal(
  app: FastifyInstance,
  config: Config,
  portalDir: string | undefined,
  methodsOf: ReturnType<typeof routeMethods>,
): Promise<void> {
  const hasPortal = portalDir !== undefined && existsSync(join(portalDir, 'index.html'));
  if (hasPortal) {
    await app.register(fastifyStatic, {
      root: portalDir,
      wildcard: false,
      index: false,
      // Source maps help a developer in demo mode; production does not hand out its sources.
      allowedPath: (pathName) => config.demo || !pathName.endsWith('.map'),
      // The build's files under assets/ are named by their content: a browser keeps them for good
      // and asks for none of them again (a page needs dozens, six at a time). Other files (the
      // translations, the icon) are asked about again; the translations after five minutes.
      // (@fastify/static 9 hands the raw response and would write its own header after ours:
      // every file's is ours. Version 10 needs Node 22, see DEVELOPING.md.)
      cacheControl: false,
      setHeaders: (response, path) => {
        response.setHeader(
          'cache-control',
          path.includes(`${sep}assets${sep}`)
            ? 'public, max-age=31536000, immutable'
            : path.includes(`${sep}locales${sep}`)
              ? TRANSLATIONS_CACHE_CONTROL
              : 'public, max-age=0',
        );
      },
    });
  }
  // The portal's page, read once with its files, told which mode it runs in: demo mode shows its
  // banner on every page. (A rebuilt portal is served after a restart, as its files are.)
  const portalPage = hasPortal
    ? (await readFile(join(portalDir, 'index.html'), 'utf8')).replace(
        '</head>',
        `<meta name="tawqi-mode" content="${config.demo ? 'demo' : 'production'}"></head>`,
      )
    : '';

  app.setNotFoundHandler(async (request, reply) => {
    // An address that takes other methods: 405 and what it takes. TRACE and CONNECT never.
    const allowed = methodsOf(request.url);
    const wrongMethod =
      allowed.length > 0 && !allowed.includes(request.method as (typeof allowed)[number]);
    if (wrongMethod || request.method === 'TRACE' || request.method === 'CONNECT')
      throw new AppError(405, 'METHOD_NOT_ALLOWED', { headers: { allow: allowed.join(', ') } });
    // Service paths (the API, translations, simulators, development pages) never fall back to
    // the portal: outside demo mode a simulator's address answers a plain 404.
    const isApi = /^\/(api|locales|simulators|dev|pki)\//.test(request.url);
    // Client routes get the app; a missing file (/assets/x.js) is a 404, not HTML in its place.
    const isPage =
      request.method === 'GET' && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    // Any other address still gets the portal, which shows its not-found page, but with 404.
    if (!isApi && isPage && hasPortal)
      return (
        reply
          .status(isPortalRoute(request.url) ? 200 : 404)
          .type('text/html; charset=utf-8')
          // Asked for again each time: it names the current build's files.
          .header('cache-control', 'no-cache')
          .send(portalPage)
      );
    if (!isApi && isPage) {
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="en"><title>Tawqi</title><p>The portal is not built yet: the API is served under /api.</p></html>',
        );
    }
    throw new AppError(404, 'NOT_FOUND');
  });
}
