/**
 * The applications that send signing requests, each registered under a provider with a
 * credential: a public key, or a client certificate (from any CA the provider trusts) whose key
 * signs. An application proves itself on every call with an assertion (RFC 7523's client
 * assertion): a JWT it signs with that key, naming itself (iss = sub = its client id) and the API
 * (aud), short-lived (exp − iat ≤ 300 s) and used once (jti). No shared password is kept: a
 * database read alone cannot be used to sign in as an application.
 *
 * The webhook's HMAC secret is derived from the server's secret and the client id, so it is never
 * stored; the provider is given it when the application is registered.
 */
import { addressProblem } from '../../adapters/outbound/publicAddress.js';
import { createHash } from 'node:crypto';
import {
  ASSERTION_MAX_SECONDS,
  assertionAudience,
  signatureStamp,
  type SignatureStamp,
} from '@tawqi/api';
import {
  decodeProtectedHeader,
  importSPKI,
  importX509,
  jwtVerify,
  type CryptoKey as JoseKey,
} from 'jose';
import type { Deps } from '../../deps.js';
import type { Queryable } from '../../db/pool.js';
import { hmac } from '../../keys.js';
import * as x509 from '../pki/x509.js';
import { hit } from '../throttle.js';

/** The signature algorithms an assertion may use. */
const ASSERTION_ALGORITHMS = ['ES256', 'ES384', 'RS256', 'PS256', 'EdDSA'];

export interface Application {
  slno: number;
  clientId: string;
  /** Null for the portal's own. */
  sipSlno: number | null;
  /** The portal's own: its signer is the person signed in, who is asking. */
  firstParty: boolean;
  orgSlno: number | null;
  nameEnglish: string;
  nameArabic: string;
  returnOrigins: string[];
  webhookUrl: string | null;
  /** The stamp of its requests that name none; null: the service's default. */
  defaultStamp: SignatureStamp | null;
}

export interface NewApplication {
  clientId: string;
  sipSlno: number;
  orgSlno: number | null;
  nameEnglish: string;
  nameArabic: string;
  credential: { kind: 'publicKey' | 'certificate'; pem: string };
  returnOrigins: string[];
  webhookUrl: string | null;
  /** The stamp of its requests that name none (null: the service's default). */
  defaultStamp?: SignatureStamp | null;
}

/** Registers an application, or replaces its credential and addresses (same client id, same provider). */
export async function registerApplication(
  db: Queryable,
  application: NewApplication,
  now: Date,
): Promise<number> {
  const { rows } = await db.query<{ app_slno: number }>(
    `INSERT INTO esign_applications (client_id, sip_slno, org_slno, name_en, name_ar, credential_kind, credential, return_origins, webhook_url, created_at, default_stamp)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (client_id) DO UPDATE SET credential_kind = EXCLUDED.credential_kind, credential = EXCLUDED.credential,
            return_origins = EXCLUDED.return_origins, webhook_url = EXCLUDED.webhook_url, default_stamp = EXCLUDED.default_stamp
      WHERE esign_applications.sip_slno = EXCLUDED.sip_slno
     RETURNING app_slno`,
    [
      application.clientId,
      application.sipSlno,
      application.orgSlno,
      application.nameEnglish,
      application.nameArabic,
      application.credential.kind,
      application.credential.pem,
      application.returnOrigins.map((origin) => new URL(origin).origin),
      application.webhookUrl,
      now,
      application.defaultStamp ? JSON.stringify(application.defaultStamp) : null,
    ],
  );
  const [row] = rows;
  if (!row) throw new Error(`the client id ${application.clientId} is another provider's`);
  return row.app_slno;
}

/** What an operator asks to register, before it is checked. */
export interface RegistrationRequest {
  clientId: string;
  /** The provider's SIP id. */
  providerId: string;
  organization: number | null;
  nameEnglish: string;
  nameArabic: string;
  credential: { kind: 'publicKey' | 'certificate'; pem: string };
  returnOrigins: string[];
  webhookUrl: string | null;
  /** As a signing request's `stamp` says it (checked against the same schema). */
  defaultStamp?: unknown;
}

const httpsOrLoopback = (url: URL, production: boolean) =>
  url.protocol === 'https:' ||
  (!production &&
    url.protocol === 'http:' &&
    ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));

/**
 * A registration checked: the provider exists, the organization is the provider's, the client id
 * has its shape, the credential is a key or certificate that can sign (ES256/RS256/PS256/EdDSA),
 * return origins and the webhook are https (plain http to this machine only outside production).
 */
export async function checkedRegistration(
  db: Queryable,
  request: RegistrationRequest,
  options: { production: boolean },
): Promise<{ application: NewApplication } | { problems: string[] }> {
  const problems: string[] = [];
  if (!/^[A-Za-z0-9._-]{3,64}$/.test(request.clientId))
    problems.push('the client id is 3 to 64 letters, digits, dots, dashes or underscores');
  if (!request.nameEnglish.trim() || !request.nameArabic.trim())
    problems.push('the application needs its English and Arabic names');
  const [provider] = (
    await db.query<{ sip_slno: number }>(
      'SELECT sip_slno FROM service_providers WHERE sip_id = $1',
      [request.providerId],
    )
  ).rows;
  if (!provider) problems.push(`no provider ${request.providerId}`);
  if (provider && request.organization !== null) {
    const { rowCount } = await db.query(
      'SELECT 1 FROM organizations WHERE org_slno = $1 AND sip_slno = $2',
      [request.organization, provider.sip_slno],
    );
    if (rowCount !== 1)
      problems.push(`organization ${String(request.organization)} is not the provider's`);
  }
  const usable = await Promise.all(
    ASSERTION_ALGORITHMS.map((algorithm) =>
      (request.credential.kind === 'publicKey'
        ? importSPKI(request.credential.pem, algorithm)
        : importX509(request.credential.pem, algorithm)
      ).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (!usable.some(Boolean))
    problems.push(
      `the credential is not a ${request.credential.kind === 'publicKey' ? 'public key' : 'certificate'} that can sign assertions (PEM)`,
    );
  const urls = (values: string[]) =>
    values.map((value) => {
      try {
        return new URL(value);
      } catch {
        return null;
      }
    });
  const origins = urls(request.returnOrigins);
  if (
    origins.length === 0 ||
    origins.some((url) => !url || !httpsOrLoopback(url, options.production))
  )
    problems.push('return origins are https addresses (at least one)');
  const [webhook] = request.webhookUrl ? urls([request.webhookUrl]) : [undefined];
  if (webhook === null || (webhook && !httpsOrLoopback(webhook, options.production)))
    problems.push('the webhook is an https address');
  else if (webhook) {
    // Never this machine, a private network or a metadata service.
    const unreachable = await addressProblem(webhook, { loopback: !options.production });
    if (unreachable) problems.push(`the webhook is not on the internet: ${unreachable}`);
  }
  const stamp =
    request.defaultStamp === undefined || request.defaultStamp === null
      ? null
      : signatureStamp.safeParse(request.defaultStamp);
  if (stamp && !stamp.success)
    problems.push(
      'the default stamp is an appearance (logo, text or none) and a placement page-x1,y1,x2,y2[;…] of at least 80 × 36 points',
    );
  if (problems.length > 0 || !provider) return { problems };
  return {
    application: {
      clientId: request.clientId,
      sipSlno: provider.sip_slno,
      orgSlno: request.organization,
      nameEnglish: request.nameEnglish.trim(),
      nameArabic: request.nameArabic.trim(),
      credential: request.credential,
      returnOrigins: origins.flatMap((url) => (url ? [url.origin] : [])),
      webhookUrl: request.webhookUrl,
      defaultStamp: stamp?.data ?? null,
    },
  };
}

/** The webhook's HMAC key of an application. */
export function webhookSecret(
  deps: { keys: Pick<Deps['keys'], 'webhooks'> },
  clientId: string,
): string {
  return hmac(deps.keys.webhooks, 'esign webhook', clientId);
}

export interface ApplicationRow {
  app_slno: number;
  client_id: string;
  /** Null for the portal's own (the service runs it, no provider). */
  sip_slno: number | null;
  org_slno: number | null;
  name_en: string;
  name_ar: string;
  credential_kind: 'publicKey' | 'certificate' | 'portal';
  /** Null for the portal's own: it signs nothing in, the integration API never accepts it. */
  credential: string | null;
  return_origins: string[];
  webhook_url: string | null;
  default_stamp: SignatureStamp | null;
}

export const APPLICATION_COLUMNS =
  'app_slno, client_id, sip_slno, org_slno, name_en, name_ar, credential_kind, credential, return_origins, webhook_url, default_stamp';

export function applicationOf(row: ApplicationRow): Application {
  return {
    slno: row.app_slno,
    clientId: row.client_id,
    sipSlno: row.sip_slno,
    firstParty: row.credential_kind === 'portal',
    orgSlno: row.org_slno,
    nameEnglish: row.name_en,
    nameArabic: row.name_ar,
    returnOrigins: row.return_origins,
    webhookUrl: row.webhook_url,
    defaultStamp: row.default_stamp,
  };
}

/** The key an application's credential names; a certificate must be within its validity now. */
async function keyOf(row: ApplicationRow, algorithm: string, now: Date): Promise<JoseKey | null> {
  if (row.credential === null) return null;
  try {
    if (row.credential_kind === 'publicKey') return await importSPKI(row.credential, algorithm);
    const certificate = new x509.X509Certificate(row.credential);
    if (now < certificate.notBefore || now > certificate.notAfter) return null;
    return await importX509(row.credential, algorithm);
  } catch {
    // A key of another type than the assertion's algorithm.
    return null;
  }
}

/**
 * The application an `Authorization: Bearer <assertion>` proves, or null (never why: an
 * attacker learns nothing from the refusal).
 */
export async function authenticate(
  deps: Deps,
  authorization: string | undefined,
): Promise<Application | null> {
  const assertion = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(authorization ?? '')?.[1];
  if (!assertion) return null;
  let algorithm: string;
  let issuer: string;
  try {
    algorithm = decodeProtectedHeader(assertion).alg ?? '';
    const [, payload = ''] = assertion.split('.');
    issuer = String(
      (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iss?: unknown }).iss,
    );
  } catch {
    return null;
  }
  if (!ASSERTION_ALGORITHMS.includes(algorithm)) return null;
  const [row] = (
    await deps.pool.query<ApplicationRow>(
      `SELECT ${APPLICATION_COLUMNS} FROM esign_applications
        WHERE client_id = $1 AND is_active AND credential_kind <> 'portal'`,
      [issuer],
    )
  ).rows;
  if (!row) return null;
  const now = deps.clock();
  const key = await keyOf(row, algorithm, now);
  if (!key) return null;
  let claims;
  try {
    ({ payload: claims } = await jwtVerify(assertion, key, {
      algorithms: [algorithm],
      issuer: row.client_id,
      subject: row.client_id,
      audience: assertionAudience(deps.config.publicOrigin),
      currentDate: now,
      requiredClaims: ['iat', 'exp', 'jti'],
      maxTokenAge: ASSERTION_MAX_SECONDS,
      clockTolerance: 5,
    }));
  } catch {
    return null;
  }
  if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return null;
  if (claims.exp - claims.iat > ASSERTION_MAX_SECONDS) return null;
  // Used once: a second call with the same assertion (a copied header) is refused.
  const jti = createHash('sha256')
    .update(`${row.client_id}\n${String(claims.jti)}`)
    .digest('hex');
  const once = await hit(deps.pool, `esign-assertion:${jti}`, 1, ASSERTION_MAX_SECONDS + 10, now);
  return once.allowed ? applicationOf(row) : null;
}
