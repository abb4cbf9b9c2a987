/**
 * A certificate request (PKCS#10) as the browser sends it, checked before anything is kept: it
 * parses, its self-signature verifies (the sender holds the private key), it is signed with
 * SHA-256 or better, and its key is RSA of 2048–4096 bits (exponent 65537) or ECDSA on P-256,
 * and no known flaw breaks it (weakKeys.ts: Fermat, ROCA, Debian's weak keys).
 */
import { createPublicKey } from 'node:crypto';
import * as x509 from './x509.js';
import { spkiHash } from './authority.js';
import { breakableRsa, type BreakableKey } from './weakKeys.js';

export type CsrProblem = 'unreadable' | 'badSignature' | 'weakKey' | 'weakHash' | 'breakableKey';

export interface CheckedCsr {
  request: x509.Pkcs10CertificateRequest;
  der: Buffer;
  spkiSha256: string;
  /** "RSA-2048", "ECDSA-P-256": what the holder's key is, as the product shows it. */
  keyAlgorithm: string;
}

export interface CsrChecks {
  /** Debian's weak keys, as weakKeys.ts reads them (empty: none listed). */
  debianWeakKeys: ReadonlySet<string>;
  /** Told which flaw refused a key (for the server's log, not the person). */
  onBreakable?: ((flaw: BreakableKey) => void) | undefined;
}
const WEAK_HASHES = new Set(['SHA-1', 'MD5']);

/** Reads and checks a request given in PEM or base64 DER; answers the problem when it is not good. */
export async function checkCsr(text: string, checks: CsrChecks): Promise<CheckedCsr | CsrProblem> {
  let request: x509.Pkcs10CertificateRequest;
  try {
    const body = text.includes('-----BEGIN')
      ? text
      : Buffer.from(text.replace(/\s+/g, ''), 'base64');
    request = new x509.Pkcs10CertificateRequest(body);
  } catch {
    return 'unreadable';
  }
  const hash = (request.signatureAlgorithm as { hash?: { name?: string } }).hash?.name;
  if (!hash || WEAK_HASHES.has(hash)) return 'weakHash';
  let keyAlgorithm: string;
  try {
    const key = createPublicKey({
      key: Buffer.from(request.publicKey.rawData),
      format: 'der',
      type: 'spki',
    });
    const details = key.asymmetricKeyDetails ?? {};
    if (key.asymmetricKeyType === 'rsa') {
      const bits = details.modulusLength ?? 0;
      if (bits < 2048 || bits > 4096 || details.publicExponent !== 65537n) return 'weakKey';
      const modulus = BigInt(
        `0x${Buffer.from(key.export({ format: 'jwk' }).n ?? '', 'base64url').toString('hex')}`,
      );
      const flaw = breakableRsa(modulus, checks.debianWeakKeys);
      if (flaw) {
        checks.onBreakable?.(flaw);
        return 'breakableKey';
      }
      keyAlgorithm = `RSA-${String(bits)}`;
    } else if (key.asymmetricKeyType === 'ec' && details.namedCurve === 'prime256v1') {
      keyAlgorithm = 'ECDSA-P-256';
    } else return 'weakKey';
  } catch {
    return 'unreadable';
  }
  const verified = await request.verify().catch(() => false);
  if (!verified) return 'badSignature';
  return {
    request,
    der: Buffer.from(request.rawData),
    spkiSha256: spkiHash(request.publicKey.rawData),
    keyAlgorithm,
  };
}
