/**
 * Configuration from the environment, validated at start: a wrong value stops the server with a
 * message naming the variable, what it is and what was wrong.
 */
import { join } from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { IDLE_TIME_MINUTES } from '@tawqi/domain';
import { z } from 'zod';
import { isSoftHsm } from './adapters/hsm/softHsm.js';

/** Where the PKI disclosure statement is read: the portal's repository, opened at it. */
export const DISCLOSURE_PATH = '/digital-certificate?document=disclosure';

/** Saudi VAT, the default of VAT_PERCENT (the demo world's orders are priced with it too). */
export const DEFAULT_VAT_PERCENT = 15;

const port = z.coerce.number().int().min(0).max(65535);
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const secret = z.string().min(32);
const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** Every setting: its name, its check, its default and what it means (docs/configuration.md is made from it). */
export const CONFIG_SCHEMA = z.object({
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
  DOCUMENT_STORE: z
    .enum(['database', 'disk', 's3'])
    .default('database')
    .describe(
      "where uploaded documents' bytes are kept: in PostgreSQL beside their rows, as files in DOCUMENT_DIR, or in an S3-compatible bucket (S3_*)",
    ),
  DOCUMENT_DIR: z
    .string()
    .min(1)
    .optional()
    .describe('folder of the documents when DOCUMENT_STORE=disk (default DATA_DIR/documents)'),
  S3_ENDPOINT: z
    .url()
    .optional()
    .describe(
      'the S3-compatible service of DOCUMENT_STORE=s3, e.g. https://s3.me-central-1.amazonaws.com',
    ),
  S3_BUCKET: z.string().min(3).optional().describe('the bucket documents are kept in'),
  S3_REGION: z.string().min(1).default('us-east-1').describe('the region requests are signed for'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional().describe('the access key of DOCUMENT_STORE=s3'),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('the secret key of DOCUMENT_STORE=s3'),
  CAPTCHA_PROVIDER: z
    .enum(['altcha', 'recaptcha'])
    .default('altcha')
    .describe(
      'the captcha of the public forms: the embedded proof-of-work one (altcha) or Google reCAPTCHA v3',
    ),
  CAPTCHA_COST: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(500)
    .describe('altcha: PBKDF2 iterations per attempt (the work a browser does grows with it)'),
  CAPTCHA_MAX_COUNTER: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .default(2_000)
    .describe('altcha: the largest answer; a browser tries half of them on average'),
  RECAPTCHA_SITE_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('the reCAPTCHA site key, when CAPTCHA_PROVIDER=recaptcha'),
  RECAPTCHA_SECRET: secret
    .optional()
    .describe('the reCAPTCHA secret key, when CAPTCHA_PROVIDER=recaptcha'),
  RECAPTCHA_VERIFY_URL: z
    .url()
    .default('https://www.google.com/recaptcha/api/siteverify')
    .describe('where reCAPTCHA tokens are verified'),
  RECAPTCHA_MIN_SCORE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.5)
    .describe('reCAPTCHA v3: the lowest score taken as a person'),
  EMBEDDED_PG_PORT: port.default(54329).describe('port of the embedded PostgreSQL'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('what the server logs: fatal, error, warn, info, debug, trace, or silent'),
  PUBLIC_ORIGIN: z
    .url()
    .optional()
    .describe('the origin users reach Tawqi at (default http://HOST:PORT)'),
  CORS_ORIGINS: list.default([]).describe('other origins allowed to call the API, comma-separated'),
  TRUSTED_PROXIES: list
    .default([])
    .superRefine((entries, context) => {
      try {
        if (entries.length > 0) proxyAddr.compile(entries);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
      }
    })
    .describe(
      "the load balancers in front of the server, comma-separated addresses or CIDR ranges (or loopback, uniquelocal): their X-Forwarded-For names the client; nobody else's is believed",
    ),
  VAT_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .default(DEFAULT_VAT_PERCENT)
    .describe('VAT on prices, percent'),
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
  PAYMENT_RECONCILE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(5)
    .describe(
      'how often payment attempts left open are asked about at the gateway, in case its notification was lost (0: never; the tests drive it)',
    ),
  PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10)
    .describe(
      'how long a payment attempt stays open before the gateway is asked about it (its page may still be in use until then)',
    ),
  ESIGN_SWEEP_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(2)
    .describe(
      'how often waiting eSign transactions are moved on and due webhooks sent (0: never; the tests drive it)',
    ),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(600)
    .describe('API requests per minute per address'),
  REQUESTS_AT_ONCE_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(0)
    .default(64)
    .describe(
      'API requests one address may have in progress at once (0: no cap, behind a load balancer that caps)',
    ),
  REQUESTS_AT_ONCE_PER_SESSION: z.coerce
    .number()
    .int()
    .min(0)
    .default(8)
    .describe('API requests one access token may have in progress at once (0: no cap)'),
  ANONYMOUS_AT_ONCE_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(0)
    .default(3)
    .describe(
      'API requests without an access token one address may have in progress at once; more wait briefly (0: no cap)',
    ),
  ANONYMOUS_AT_ONCE: z.coerce
    .number()
    .int()
    .min(0)
    .default(6)
    .describe(
      'API requests without an access token one server serves at once, below its 10 database connections so signed-in people keep theirs (0: no cap)',
    ),
  DB_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30_000)
    .describe('longest a statement of the application may run (0: no limit)'),
  PKI_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(300)
    .describe('OCSP and time-stamp requests per minute per address (a count of their own)'),
  DEV_PAGES: flag
    .optional()
    .describe(
      'serve the one-time-code outbox (/dev/outbox) to loopback callers; demo mode only (default there)',
    ),
  DEMO_DATA: flag
    .optional()
    .describe('seed demo data into an empty database; demo mode only (default there)'),
  TAWQI_MODE: z
    .enum(['demo', 'production'])
    .describe(
      '"demo" (simulators, outbox, demo data, a banner on every page; `npm start` sets it) or "production" (real adapters and secrets)',
    ),
  DATABASE_OWNER_URL: z
    .url()
    .optional()
    .describe(
      'the owner role of the database, used at start only: migrations, and grants to the role of DATABASE_URL',
    ),
  SERVER_SECRET: secret
    .optional()
    .describe('at least 32 characters: keys the one-time codes and refresh tokens'),
  AUDIT_KEY: secret
    .optional()
    .describe('at least 32 characters: keys the audit chain and its signed checkpoints'),
  WEAK_KEY_LISTS: z
    .string()
    .min(1)
    .optional()
    .describe(
      "comma-separated files of known weak RSA keys in Debian's openssl-blacklist format (e.g. /usr/share/openssl-blacklist/blacklist.RSA-2048), refused in certificate requests",
    ),
  HSM_MODULE: z
    .string()
    .min(1)
    .optional()
    .describe(
      'the PKCS#11 library of the hardware security module that holds every private key the service signs with; without it, demo mode uses SoftHSM with its token in DATA_DIR/softhsm',
    ),
  HSM_TOKEN: z
    .string()
    .min(1)
    .max(32)
    .default('tawqi')
    .describe('the label of the PKCS#11 token the keys are made in'),
  HSM_PIN: z.string().min(4).optional().describe('the PKCS#11 token’s user PIN'),
  HSM_TEST_MODULE: flag
    .optional()
    .describe(
      'HSM_MODULE is a software module for a test (SoftHSM): production refuses SoftHSM without it',
    ),
  CA_VALIDITY_YEARS: z.coerce
    .number()
    .int()
    .min(2)
    .max(30)
    .default(20)
    .describe('life of the root CA made on first start (the issuing CA lives half as long)'),
  CA_EXTRA_POLICIES: z
    .string()
    .regex(/^\s*\d+(\.\d+)+\s*(,\s*\d+(\.\d+)+\s*)*$/, 'a comma-separated list of OIDs')
    .optional()
    .describe(
      'policy OIDs written in every subscriber certificate after Tawqi’s own: ETSI’s (e.g. 0.4.0.194112.1.0, QCP-n) or NCDC’s, as the accreditation names them',
    ),
  CA_ROOT_OFFLINE: flag
    .optional()
    .describe(
      'the root CA stays offline: servers never load its key, and serve the ARL the key ceremony (or `npm run ca:arl`) signed, valid a year, instead of signing one daily',
    ),
  CA_QUALIFIED: flag
    .optional()
    .describe(
      'the service is accredited as qualified: subscriber certificates carry ETSI qcStatements (QcCompliance, QcType, QcPDS); false by default',
    ),
  CA_PDS_URL_EN: z
    .url()
    .optional()
    .describe(
      'the PKI disclosure statement in English (QcPDS; default: the /digital-certificate page’s)',
    ),
  CA_PDS_URL_AR: z
    .url()
    .optional()
    .describe(
      'the PKI disclosure statement in Arabic (QcPDS; default: the /digital-certificate page’s)',
    ),
  AUDIT_ANCHOR_FILE: z
    .string()
    .optional()
    .describe(
      'where every signed audit checkpoint is appended, outside the database (default DATA_DIR/audit-anchors.jsonl; required in production, on storage the database cannot rewrite)',
    ),
  CLAMD_ADDRESS: z
    .string()
    .regex(/^(unix:\/|\/|tcp:\/\/)/, 'unix:/path/to/clamd.sock or tcp://host:3310')
    .optional()
    .describe(
      'the ClamAV daemon every upload is scanned by (unix:/run/clamav/clamd.ctl or tcp://host:3310); without it, demo mode starts Debian’s clamd in DATA_DIR/clamav with the signatures the project ships',
    ),
  UPLOAD_SCANNING: z
    .enum(['on', 'off'])
    .default('on')
    .describe(
      'whether uploads are scanned for malware; production refuses to start without CLAMD_ADDRESS unless this is "off"',
    ),
  METRICS_TOKEN: secret
    .optional()
    .describe(
      'the bearer token Prometheus reads GET /metrics with; without it, /metrics answers only callers on this machine in demo mode, and nobody in production',
    ),
  SHUTDOWN_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(25_000)
    .describe(
      'on SIGTERM, how long requests in progress may take to finish before they are cut (keep it under the orchestrator’s own kill timeout)',
    ),
  AUDIT_RETENTION_MONTHS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24)
    .describe(
      'how long audit records are kept before `npm run audit:purge` may remove them (24 months: the NCDC figure)',
    ),
  AUDIT_CHECKPOINT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60)
    .describe(
      'how often a signed checkpoint of the audit log is written, even when nothing happened',
    ),
  AUDIT_ANCHOR_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(60)
    .describe(
      'how long new audit records may wait to be anchored outside the database, and how often the log is compared with its anchor (0: not on a timer)',
    ),
  NAFATH_BASE_URL: z
    .url()
    .optional()
    .describe(
      'the national identity app (Nafath MFA API); without it, demo mode uses the simulator',
    ),
  NAFATH_APP_ID: z.string().min(1).optional().describe('the application id given by Nafath'),
  NAFATH_APP_KEY: secret.optional().describe('the application key given by Nafath'),
  GATEWAY_BASE_URL: z
    .url()
    .optional()
    .describe('the payment gateway; without it, demo mode uses the simulator'),
  GATEWAY_API_KEY: secret.optional().describe('the payment gateway API key'),
  GATEWAY_CALLBACK_SECRET: secret
    .optional()
    .describe('the secret the payment gateway signs its notifications with'),
  NOTIFIER_URL: z
    .url()
    .optional()
    .describe(
      'the SMS / e-mail relay one-time codes and notices are posted to; without it, demo mode uses the outbox',
    ),
  NOTIFIER_TOKEN: secret.optional().describe('the bearer token of the SMS / e-mail relay'),
  REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(30_000)
    .describe('time a client has to send a whole request'),
  HEADERS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(10_000)
    .describe('time a client has to send the request headers'),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(5_000)
    .describe('how long an idle keep-alive connection stays open'),
  CONNECTIONS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(0)
    .default(256)
    .describe('open connections one address may hold (0: no cap, behind a load balancer)'),
  EXPORT_MAX_ROWS: z.coerce
    .number()
    .int()
    .min(1)
    .default(100_000)
    .describe('rows one export may hold; a larger one asks for a narrower filter'),
  EXPORTS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe('exports one user may start a minute'),
  EXPORTS_AT_ONCE: z.coerce
    .number()
    .int()
    .min(1)
    .default(3)
    .describe('exports one server writes at the same time'),
  FOUR_EYES_SAR: z.coerce
    .number()
    .min(0)
    .default(10_000)
    .describe(
      'a provider decision worth more than this (SAR, before VAT) needs a second staff member',
    ),
  FOUR_EYES_COUNTERS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10_000)
    .describe(
      'an allocation to an L2 provider of more counters than this needs a second staff member',
    ),
  VERIFY_AT_ONCE: z.coerce
    .number()
    .int()
    .min(1)
    .default(2)
    .describe(
      'uploaded PDFs one server reads at the same time for the verify page (each in a worker thread; one per address)',
    ),
  VERIFY_LINE: z.coerce
    .number()
    .int()
    .min(0)
    .default(8)
    .describe(
      'uploads to the verify page that wait for a turn, beyond those read; more are refused',
    ),
  VERIFY_WAIT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(10_000)
    .describe('how long an upload to the verify page waits for its turn before it is refused'),
  VERIFY_TIME_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(15_000)
    .describe('how long reading one uploaded PDF may take before it is refused'),
  VERIFY_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(32)
    .default(256)
    .describe("the heap a PDF's reading may use before it is refused"),
  VERIFY_MAX_SIGNATURES: z.coerce
    .number()
    .int()
    .min(1)
    .default(50)
    .describe('signatures an uploaded PDF may hold for the verify page to read it'),
  VERIFY_MAX_OBJECTS: z.coerce
    .number()
    .int()
    .min(100)
    .default(200_000)
    .describe('objects an uploaded PDF may hold for the verify page to read it'),
  VERIFY_MAX_PARSE_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(64)
    .describe(
      'what the verify page may parse of one upload: the whole file, and each revision a signature signed, once',
    ),
  PDF_WORK_AT_ONCE: z.coerce
    .number()
    .int()
    .min(1)
    .default(2)
    .describe(
      'eSign PDFs one server checks or signs at the same time (each in a worker thread); more wait their turn',
    ),
});

type Parsed = z.output<typeof CONFIG_SCHEMA>;

/** Where an external service is: its real address and credentials, or the built-in simulator. */
export type Adapter<Real> = { kind: 'real'; settings: Real } | { kind: 'simulator' };

export interface Config extends Parsed {
  publicOrigin: string;
  /** Where signed audit checkpoints are appended outside the database (modules/audit/anchor.ts). */
  auditAnchorFile: string;
  /** Demo mode: simulators, the outbox page and demo data may run, and every page says so. */
  demo: boolean;
  devPages: boolean;
  demoData: boolean;
  secrets: { server: string; audit: string };
  /** The PKCS#11 module (null: demo mode's SoftHSM in DATA_DIR), its token and PIN. */
  hsm: { module: string | null; token: string; pin: string };
  /** Where uploads are scanned: the operator's clamd, one demo mode starts in `dir`, or nowhere. */
  scanner: { kind: 'clamd'; address: string } | { kind: 'embedded'; dir: string } | { kind: 'off' };
  /** What every subscriber certificate says beyond Tawqi's profile (modules/pki/profiles.ts). */
  caProfile: {
    extraPolicies: readonly string[];
    qualified: { pds: { en: string; ar: string } } | null;
  };
  nafath: Adapter<{ baseUrl: string; appId: string; appKey: string }>;
  gateway: Adapter<{ baseUrl: string; apiKey: string; callbackSecret: string }>;
  notifier: Adapter<{ url: string; token: string }>;
}

/**
 * The secrets demo mode runs with. They are public (they are in this file), so production refuses
 * every one of them.
 */
export const DEMO_SECRETS = {
  server: 'tawqi-demo-server-secret-not-for-production',
  audit: 'tawqi-demo-audit-key-not-for-production-use',
  hsmPin: 'tawqi-demo-hsm-pin-not-for-production',
  gatewayApiKey: 'tawqi-demo-gateway-api-key-not-for-production',
  gatewayCallback: 'tawqi-demo-gateway-callback-secret-not-for-production',
} as const;

const SECRET_NAMES = new Set([
  'SERVER_SECRET',
  'AUDIT_KEY',
  'HSM_PIN',
  'NAFATH_APP_KEY',
  'GATEWAY_API_KEY',
  'GATEWAY_CALLBACK_SECRET',
  'NOTIFIER_TOKEN',
  'S3_SECRET_ACCESS_KEY',
  'RECAPTCHA_SECRET',
  'METRICS_TOKEN',
  'DATABASE_URL',
  'DATABASE_OWNER_URL',
]);

/** The secrets Tawqi chooses itself (keys derived from them), whose strength it can ask for. */
const OWN_SECRETS = ['SERVER_SECRET', 'AUDIT_KEY'] as const;
/**
 * The least a secret of ours must carry, estimated from its characters' frequencies (Shannon):
 * `openssl rand -hex 16` (128 random bits) measures about 115, 32 × "a" none, "ab" × 16 thirty-two.
 */
export const SECRET_MIN_BITS = 96;

/** Bits in `value` by the frequencies of its characters: a floor for a random string's, no more. */
export function estimatedBits(value: string): number {
  const counts = new Map<string, number>();
  let length = 0;
  for (const character of value) {
    counts.set(character, (counts.get(character) ?? 0) + 1);
    length += 1;
  }
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / length);
  return bits;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** A value as an error message may show it: secrets (and URLs with passwords) never. */
function shown(name: string, value: string | undefined): string {
  if (value === undefined) return '(not set)';
  return SECRET_NAMES.has(name) ? '(hidden)' : JSON.stringify(value);
}

type Known = Record<string, string | undefined>;
/** Records a problem with the variable `name`. */
type Problem = (name: string, text: string) => void;

const describe = (name: string) =>
  CONFIG_SCHEMA.shape[name as keyof typeof CONFIG_SCHEMA.shape].description ?? '';

const fail = (lines: string[]): never => {
  throw new ConfigError(`Tawqi cannot start: the configuration is not valid.\n${lines.join('\n')}`);
};

/** The variables as the schema reads them; every one it refuses named in one failure. */
function parsedOrFail(env: Known, known: Known): Parsed {
  const parsed = CONFIG_SCHEMA.safeParse(known);
  if (parsed.success) return parsed.data;
  return fail(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const description = describe(name);
      return `  ${name}=${shown(name, env[name])}: ${issue.message}${description ? ` (${description})` : ''}`;
    }),
  );
}

/** A service is real when any of its variables is set; then every one of them must be. */
function adapterOf<Real>(
  known: Known,
  demo: boolean,
  problem: Problem,
  names: readonly string[],
  make: (values: string[]) => Real,
) {
  const values = names.map((name) => known[name] ?? '');
  if (values.every((value) => value === '')) {
    if (!demo)
      for (const name of names) problem(name, 'required in production (no simulator there)');
    return { kind: 'simulator' } as const;
  }
  names.forEach((name, index) => {
    if (values[index] === '') problem(name, 'required together with the others of its service');
  });
  return { kind: 'real', settings: make(values) } as const;
}

/** In production each secret is its own, not a published one however padded, ours strong enough. */
function secretProblems(known: Known, problem: Problem) {
  const demoValues = new Set<string>(Object.values(DEMO_SECRETS));
  const seen = new Map<string, string>();
  for (const name of SECRET_NAMES) {
    const value = known[name];
    if (value === undefined) continue;
    if (demoValues.has(value.trim()))
      problem(name, 'is a demo secret, published in the source; production needs its own');
    else if (value !== value.trim())
      problem(name, 'has spaces around it: a copy-and-paste slip, set it without them');
    const same = seen.get(value.trim());
    if (same) problem(name, `is the same as ${same}: each secret must be its own`);
    else seen.set(value.trim(), name);
  }
  for (const name of OWN_SECRETS) {
    const value = known[name];
    if (value !== undefined && estimatedBits(value) < SECRET_MIN_BITS)
      problem(
        name,
        'is too easy to guess (repeated or patterned characters): make one with `openssl rand -hex 32`',
      );
  }
}

/** What production needs set that demo mode makes for itself, and what is demo mode's alone. */
function productionProblems(config: Parsed, problem: Problem) {
  if (!config.PUBLIC_ORIGIN)
    problem('PUBLIC_ORIGIN', 'required in production: the https address users reach Tawqi at');
  else if (new URL(config.PUBLIC_ORIGIN).protocol !== 'https:')
    problem('PUBLIC_ORIGIN', 'must be https in production (sessions and codes travel over it)');
  if (!config.SERVER_SECRET) problem('SERVER_SECRET', 'required in production');
  if (!config.AUDIT_KEY) problem('AUDIT_KEY', 'required in production');
  if (!config.HSM_MODULE)
    problem('HSM_MODULE', 'required in production (SoftHSM in DATA_DIR is for demo mode)');
  else if (isSoftHsm(config.HSM_MODULE) && !config.HSM_TEST_MODULE)
    problem(
      'HSM_MODULE',
      'is SoftHSM, which keeps keys in files: production needs a hardware module (or HSM_TEST_MODULE=true for a test)',
    );
  if (!config.HSM_PIN) problem('HSM_PIN', 'required in production');
  if (!config.AUDIT_ANCHOR_FILE)
    problem(
      'AUDIT_ANCHOR_FILE',
      'required in production: the audit log is anchored outside the database',
    );
  if (config.UPLOAD_SCANNING === 'on' && !config.CLAMD_ADDRESS)
    problem(
      'CLAMD_ADDRESS',
      'required in production: every upload is scanned (or UPLOAD_SCANNING=off, if something else scans them)',
    );
  if (!config.DATABASE_URL)
    problem('DATABASE_URL', 'required in production (the embedded database is for demo mode)');
  if (config.DEV_PAGES) problem('DEV_PAGES', 'the outbox page shows codes: demo mode only');
  if (config.DEMO_DATA) problem('DEMO_DATA', 'demo data signs in as anyone: demo mode only');
}

/** Settings that need others beside them, in either mode. */
function pairedProblems(config: Parsed, demo: boolean, problem: Problem) {
  const s3Names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (config.DOCUMENT_STORE === 's3')
    for (const name of s3Names) if (!config[name]) problem(name, 'required when DOCUMENT_STORE=s3');
  if (config.CAPTCHA_PROVIDER === 'recaptcha')
    for (const name of ['RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET'] as const)
      if (!config[name]) problem(name, 'required when CAPTCHA_PROVIDER=recaptcha');
  if (demo && config.SERVER_SECRET && config.SERVER_SECRET === config.AUDIT_KEY)
    problem('AUDIT_KEY', 'must differ from SERVER_SECRET');
}

/** The certificate profile's settings: extra policies, and a qualified profile's disclosures. */
const caProfileOf = (config: Parsed, publicOrigin: string) => ({
  extraPolicies: (config.CA_EXTRA_POLICIES ?? '')
    .split(',')
    .map((oid) => oid.trim())
    .filter(Boolean),
  qualified: config.CA_QUALIFIED
    ? {
        pds: {
          en: config.CA_PDS_URL_EN ?? `${publicOrigin}${DISCLOSURE_PATH}&lng=en`,
          ar: config.CA_PDS_URL_AR ?? `${publicOrigin}${DISCLOSURE_PATH}&lng=ar`,
        },
      }
    : null,
});

export function loadConfig(env: Known = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(CONFIG_SCHEMA.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const config = parsedOrFail(env, known);
  const demo = config.TAWQI_MODE === 'demo';
  const problems: string[] = [];
  const problem: Problem = (name, text) => {
    problems.push(`  ${name}=${shown(name, env[name])}: ${text} (${describe(name)})`);
  };
  const adapter = <Real>(names: readonly string[], make: (values: string[]) => Real) =>
    adapterOf(known, demo, problem, names, make);
  const nafath = adapter(
    ['NAFATH_BASE_URL', 'NAFATH_APP_ID', 'NAFATH_APP_KEY'],
    ([baseUrl = '', appId = '', appKey = '']) => ({ baseUrl, appId, appKey }),
  );
  const gateway = adapter(
    ['GATEWAY_BASE_URL', 'GATEWAY_API_KEY', 'GATEWAY_CALLBACK_SECRET'],
    ([baseUrl = '', apiKey = '', callbackSecret = '']) => ({ baseUrl, apiKey, callbackSecret }),
  );
  const notifier = adapter(['NOTIFIER_URL', 'NOTIFIER_TOKEN'], ([url = '', token = '']) => ({
    url,
    token,
  }));
  if (!demo) {
    secretProblems(known, problem);
    productionProblems(config, problem);
  }
  pairedProblems(config, demo, problem);
  if (problems.length > 0) fail(problems);

  const publicOrigin = config.PUBLIC_ORIGIN ?? `http://${config.HOST}:${String(config.PORT)}`;
  return {
    ...config,
    publicOrigin,
    demo,
    devPages: demo && (config.DEV_PAGES ?? true),
    demoData: demo && (config.DEMO_DATA ?? true),
    auditAnchorFile: config.AUDIT_ANCHOR_FILE ?? join(config.DATA_DIR, 'audit-anchors.jsonl'),
    scanner:
      config.UPLOAD_SCANNING === 'off'
        ? ({ kind: 'off' } as const)
        : config.CLAMD_ADDRESS
          ? ({ kind: 'clamd', address: config.CLAMD_ADDRESS } as const)
          : ({ kind: 'embedded', dir: join(config.DATA_DIR, 'clamav') } as const),
    secrets: {
      server: config.SERVER_SECRET ?? DEMO_SECRETS.server,
      audit: config.AUDIT_KEY ?? DEMO_SECRETS.audit,
    },
    hsm: {
      module: config.HSM_MODULE ?? null,
      token: config.HSM_TOKEN,
      pin: config.HSM_PIN ?? DEMO_SECRETS.hsmPin,
    },
    caProfile: caProfileOf(config, publicOrigin),
    nafath,
    gateway,
    notifier,
  };
}
