/**
 * RSA keys made the way flawed generators made them, for the tests that must see them refused: a
 * certificate request (PKCS#10) signed by a key of given primes.
 */
import { checkPrimeSync, generatePrimeSync, randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '../src/modules/pki/x509.js';

const E = 65537n;

function modInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [((a % m) + m) % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const quotient = oldR / r;
    [oldR, r] = [r, oldR - quotient * r];
    [oldS, s] = [s, oldS - quotient * s];
  }
  return ((oldS % m) + m) % m;
}

const toBase64url = (n: bigint) => {
  const hex = n.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex').toString('base64url');
};

/** The first prime from `n` up. */
export function nextPrime(n: bigint): bigint {
  let candidate = n % 2n === 0n ? n + 1n : n;
  while (!checkPrimeSync(candidate)) candidate += 2n;
  return candidate;
}

export const randomPrime = (bits: number) => generatePrimeSync(bits, { bigint: true });

/** Two 1,024-bit primes 2^40 apart: a 2,048-bit modulus Fermat's method factors at once. */
export function closePrimes(): [bigint, bigint] {
  const p = randomPrime(1024);
  return [p, nextPrime(p + (1n << 40n))];
}

/** The primes of Infineon's RSALib (ROCA): k·M + (65537^a mod M), M the primorial of 167. */
export function rocaPrimes(): [bigint, bigint] {
  const small = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n, 43n, 47n, 53n];
  for (let r = 59n; r <= 167n; r += 2n) if (checkPrimeSync(r)) small.push(r);
  const M = small.reduce((product, r) => product * r, 1n);
  const power = (exponent: bigint) => {
    let result = 1n;
    let base = E % M;
    for (let e = exponent; e > 0n; e >>= 1n, base = (base * base) % M)
      if (e & 1n) result = (result * base) % M;
    return result;
  };
  const prime = () => {
    for (;;) {
      const k = BigInt(`0x${randomBytes(128).toString('hex')}`) % ((1n << 1024n) / M);
      const candidate = k * M + power(BigInt(`0x${randomBytes(4).toString('hex')}`));
      if (candidate >> 1023n === 1n && checkPrimeSync(candidate)) return candidate;
    }
  };
  for (;;) {
    const p = prime();
    const q = prime();
    if ((p * q).toString(2).length === 2048) return [p, q];
  }
}

/** A certificate request signed by the key of primes `p` and `q` (SHA-256, PKCS#1 v1.5). */
export async function csrOfPrimes(p: bigint, q: bigint): Promise<string> {
  const n = p * q;
  const d = modInverse(E, (p - 1n) * (q - 1n));
  const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
  const jwk = {
    kty: 'RSA',
    n: toBase64url(n),
    e: toBase64url(E),
    d: toBase64url(d),
    p: toBase64url(p),
    q: toBase64url(q),
    dp: toBase64url(d % (p - 1n)),
    dq: toBase64url(d % (q - 1n)),
    qi: toBase64url(modInverse(q, p)),
  };
  const privateKey = await webcrypto.subtle.importKey('jwk', jwk, algorithm, false, ['sign']);
  const publicKey = await webcrypto.subtle.importKey(
    'jwk',
    { kty: 'RSA', n: jwk.n, e: jwk.e },
    algorithm,
    true,
    ['verify'],
  );
  const request = await x509.Pkcs10CertificateRequestGenerator.create({
    name: 'CN=ignored',
    keys: { privateKey, publicKey },
    signingAlgorithm: algorithm,
  });
  return request.toString('pem');
}
