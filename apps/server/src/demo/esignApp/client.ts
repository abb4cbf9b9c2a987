/**
 * What an integrating application runs to use the eSign integration API: it signs an
 * assertion per call with its own key (never sends a password), sends signing requests, reads
 * outcomes and signed PDFs, checks the service's JWS over an outcome against our root, and checks
 * a webhook's HMAC. The demo application (demoApp.ts) and the tests use it as any application
 * would, over HTTP.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  INTEGRATION_BASE,
  WEBHOOK_HEADERS,
  assertionAudience,
  signingOutcome,
  type SigningOutcome,
  type SigningRequest,
} from '@tawqi/api';
import { SignJWT, compactVerify, importX509, type CryptoKey as JoseKey } from 'jose';
import { webhookSignature } from '../../modules/esign/webhooks.js';
import * as x509 from '../../modules/pki/x509.js';

export interface EsignClientOptions {
  /** Where Tawqi is (its public origin). */
  baseUrl: string;
  clientId: string;
  /** The key of the application's registered credential, and its JWS algorithm. */
  privateKey: JoseKey;
  algorithm: 'ES256' | 'RS256' | 'PS256' | 'EdDSA';
  fetch?: typeof fetch;
  /** The API's address its assertions name (default: `baseUrl`'s). */
  audience?: string;
  /** The application's clock (its assertions' iat and exp). */
  now?: () => Date;
}

export interface EsignCallResult {
  status: number;
  body: Record<string, unknown>;
}

export function createEsignClient(options: EsignClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  const assertion = () => {
    const now = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: options.algorithm })
      .setIssuer(options.clientId)
      .setSubject(options.clientId)
      .setAudience(options.audience ?? assertionAudience(base))
      .setIssuedAt(now)
      .setExpirationTime(now + 120)
      .setJti(randomUUID())
      .sign(options.privateKey);
  };
  const call = async (path: string, init: RequestInit = {}, language = 'en') => {
    const response = await doFetch(`${base}${INTEGRATION_BASE}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${await assertion()}`,
        'accept-language': language,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      signal: AbortSignal.timeout(30_000),
    });
    return response;
  };
  return {
    assertion,
    async requestSigning(request: SigningRequest, language = 'en'): Promise<EsignCallResult> {
      const response = await call(
        '/sign-requests',
        { method: 'POST', body: JSON.stringify(request) },
        language,
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async outcome(txnId: string, language = 'en'): Promise<EsignCallResult> {
      const response = await call(`/sign-requests/${encodeURIComponent(txnId)}`, {}, language);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async signedPdf(txnId: string, position: number): Promise<Buffer | null> {
      const response = await call(
        `/sign-requests/${encodeURIComponent(txnId)}/documents/${String(position)}`,
      );
      return response.ok ? Buffer.from(await response.arrayBuffer()) : null;
    },
  };
}

/**
 * The outcome a JWS from the service proves, or null: its signature by the certificate in its
 * header, that certificate issued by the issuing CA after it in the header, and that one by
 * `root` (the repository's, which the application trusts; the issuing CA is whichever generation
 * certified the service's key).
 */
export async function verifiedOutcome(
  jws: string,
  root: x509.X509Certificate,
): Promise<SigningOutcome | null> {
  try {
    const [headerPart = ''] = jws.split('.');
    const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString()) as {
      x5c?: string[];
    };
    const [leafDer, issuingDer] = header.x5c ?? [];
    if (!leafDer || !issuingDer) return null;
    const leaf = new x509.X509Certificate(Buffer.from(leafDer, 'base64'));
    const issuing = new x509.X509Certificate(Buffer.from(issuingDer, 'base64'));
    if (
      issuing.issuer !== root.subject ||
      !(await leaf.verify({ publicKey: issuing.publicKey, signatureOnly: true })) ||
      !(await issuing.verify({ publicKey: root.publicKey, signatureOnly: true }))
    )
      return null;
    const key = await importX509(leaf.toString('pem'), 'ES384');
    const { payload } = await compactVerify(jws, key, { algorithms: ['ES384'] });
    return signingOutcome.parse(JSON.parse(new TextDecoder().decode(payload)));
  } catch {
    return null;
  }
}

/** Whether a webhook's body came from the service: HMAC-SHA256 over `${timestamp}.${body}`, fresh. */
export function webhookIsAuthentic(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now: Date,
  toleranceSeconds = 300,
): boolean {
  const timestamp = headers[WEBHOOK_HEADERS.timestamp];
  const signature = headers[WEBHOOK_HEADERS.signature];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return false;
  const sent = Number(timestamp);
  if (!Number.isFinite(sent) || Math.abs(now.getTime() / 1000 - sent) > toleranceSeconds)
    return false;
  const expected = webhookSignature(secret, timestamp, body);
  return (
    expected.length === signature.length &&
    timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  );
}
