/**
 * The HTTP application: security headers, CORS allowlist, body limits, request ids, one localized
 * error shape with no stack traces, health and readiness, the contract's routes, and the portal
 * (SPA fallback) when it is built.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '@tawqi/api';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import type { Pool } from '../db/pool.js';
import { registerContractRoutes, type Access, type Handlers } from './contractRoutes.js';
import { AppError, languageOf, messageOf } from './errors.js';
import { POLICIES, type Policy } from './policies.js';

export interface AppOptions {
  config: Config;
  pool: Pool;
  access: Access;
  handlers: Handlers;
  policies?: Partial<Record<string, Policy>>;
  /** The built portal (index.html and assets), served with an SPA fallback when present. */
  portalDir?: string;
  /** Extra plugins mounted on the app (the simulators' pages, say). */
  plugins?: ((app: FastifyInstance) => Promise<void> | void)[];
  logger?: FastifyServerOptions['logger'];
  /** Requests per minute per address on the API (600 by default). */
  rateLimitPerMinute?: number;
}

export const BODY_LIMIT_BYTES = 256 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      // Secrets and identities never reach the log (SECURITY.md "Audit").
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-device-id"]'],
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
  });

  // JSON only: any other body type answers 415.
  app.removeContentTypeParser(['text/plain']);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
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
    ],
  });

  // A broad per-address limit on the API against floods. The limits that guard accounts and
  // identities (sign-in, one-time codes, identity-app requests) are kept in PostgreSQL by their
  // modules, so they hold across instances.
  await app.register(rateLimit, {
    max: options.rateLimitPerMinute ?? 600,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMITED', {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error, request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    const appError = toAppError(error);
    if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    const body: ApiErrorBody = {
      statusCode: appError.statusCode,
      code: appError.code,
      message: messageOf(appError.code, language),
      requestId: request.id,
      ...(appError.options.detail ? { detail: appError.options.detail } : {}),
      ...(appError.options.fieldErrors ? { fieldErrors: appError.options.fieldErrors } : {}),
    };
    for (const [name, value] of Object.entries(appError.options.headers ?? {}))
      void reply.header(name, value);
    return reply.status(appError.statusCode).send(body);
  });

  app.get('/health', () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    try {
      await options.pool.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });

  for (const plugin of options.plugins ?? []) await plugin(app);

  registerContractRoutes(app, {
    handlers: options.handlers,
    policies: options.policies ?? POLICIES,
    access: options.access,
  });

  const portalDir = options.portalDir;
  const hasPortal = portalDir !== undefined && existsSync(join(portalDir, 'index.html'));
  if (hasPortal) await app.register(fastifyStatic, { root: portalDir, wildcard: false });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/locales/');
    // Client routes get the app; a missing file (/assets/x.js) is a 404, not HTML in its place.
    const isPage =
      request.method === 'GET' && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (!isApi && isPage && hasPortal) return reply.type('text/html').sendFile('index.html');
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

  return app;
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
