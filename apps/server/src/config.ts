/**
 * Configuration from the environment, validated at start: a wrong value stops the server with a
 * message naming the variable, what it is and what was wrong.
 */
import { IDLE_TIME_MINUTES } from '@tawqi/domain';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const schema = z.object({
  HOST: z.string().min(1).default('127.0.0.1').describe('address to listen on'),
  PORT: port.default(3000).describe('port to listen on'),
  DATABASE_URL: z
    .url()
    .optional()
    .describe(
      'PostgreSQL 15+ connection string; without it an embedded PostgreSQL runs in DATA_DIR',
    ),
  DATA_DIR: z
    .string()
    .min(1)
    .default('.data')
    .describe('folder of the embedded PostgreSQL and local files'),
  EMBEDDED_PG_PORT: port.default(54329).describe('port of the embedded PostgreSQL'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_ORIGIN: z
    .url()
    .optional()
    .describe('the origin users reach Tawqi at (default http://HOST:PORT)'),
  CORS_ORIGINS: list.default([]).describe('other origins allowed to call the API, comma-separated'),
  VAT_PERCENT: z.coerce.number().min(0).max(100).default(15).describe('VAT on prices, percent'),
  INACTIVITY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(IDLE_TIME_MINUTES)
    .describe('idle limit of a session'),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12)
    .describe('absolute limit of a session'),
  // As short as 5 s is allowed (the end-to-end tests expire tokens that fast); shorter only
  // multiplies refreshes.
  ACCESS_TOKEN_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(3600)
    .default(300)
    .describe('life of an access token'),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(600)
    .describe('API requests per minute per address'),
  DEV_PAGES: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true')
    .describe('serve the development pages (the one-time-code outbox) to loopback callers'),
  DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true')
    .describe('seed demo data into an empty database'),
});

export type Config = z.output<typeof schema> & { publicOrigin: string };

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = schema.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const description = schema.shape[name as keyof typeof schema.shape].description ?? '';
      return `  ${name}=${JSON.stringify(env[name])}: ${issue.message}${description ? ` (${description})` : ''}`;
    });
    throw new ConfigError(
      `Tawqi cannot start: the configuration is not valid.\n${lines.join('\n')}`,
    );
  }
  const config = parsed.data;
  return {
    ...config,
    publicOrigin: config.PUBLIC_ORIGIN ?? `http://${config.HOST}:${String(config.PORT)}`,
  };
}
