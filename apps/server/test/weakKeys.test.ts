/**
 * Keys that look strong and are not (issue 40): 2,048-bit RSA requests whose primes are close
 * together (Fermat), made by Infineon's RSALib (ROCA) or listed among Debian's weak keys are
 * refused like RSA-1024 is; keys of a sound generator are not.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCsr } from '../src/modules/pki/csr.js';
import {
  debianFingerprint,
  fermatFactors,
  hasRocaFingerprint,
  isqrt,
  readWeakKeyLists,
  type BreakableKey,
} from '../src/modules/pki/weakKeys.js';
import { closePrimes, csrOfPrimes, randomPrime, rocaPrimes } from './weakRsa.js';

const NONE = new Set<string>();

async function refusal(csr: string, debianWeakKeys: ReadonlySet<string> = NONE) {
  let flaw: BreakableKey | undefined;
  const answer = await checkCsr(csr, {
    debianWeakKeys,
    onBreakable: (found) => {
      flaw = found;
    },
  });
  return { answer: typeof answer === 'string' ? answer : answer.keyAlgorithm, flaw };
}

describe('a breakable RSA key', () => {
  it('is refused when its primes are 2^40 apart (Fermat)', async () => {
    const [p, q] = closePrimes();
    expect(fermatFactors(p * q)).toBe(true);
    expect(await refusal(await csrOfPrimes(p, q))).toEqual({
      answer: 'breakableKey',
      flaw: 'fermat',
    });
  });

  it('is refused when it has the ROCA fingerprint', async () => {
    const [p, q] = rocaPrimes();
    expect(hasRocaFingerprint(p * q)).toBe(true);
    expect(await refusal(await csrOfPrimes(p, q))).toEqual({
      answer: 'breakableKey',
      flaw: 'roca',
    });
  });

  it('is refused when a list of Debian’s weak keys names it', async () => {
    const [p, q] = [randomPrime(1024), randomPrime(1024)];
    const csr = await csrOfPrimes(p, q);
    // A list as Debian's openssl-blacklist ships it: comments, then one fingerprint a line.
    const folder = mkdtempSync(join(tmpdir(), 'tawqi-weak-keys-'));
    const list = join(folder, 'blacklist.RSA-2048');
    writeFileSync(
      list,
      `# the lower 80 bits of: openssl rsa -noout -modulus | sha1sum\n00005890bc78bcbee3ca\n${debianFingerprint(p * q)}\n`,
    );
    expect(await refusal(csr, readWeakKeyLists([list]))).toEqual({
      answer: 'breakableKey',
      flaw: 'debian',
    });
    // Without the list the same key is a sound one.
    expect(await refusal(csr)).toEqual({ answer: 'RSA-2048', flaw: undefined });
  });

  it('fingerprints a modulus as openssl-vulnkey does', () => {
    // `printf 'Modulus=F\n' | sha1sum` is 9ac07b82204e0c2ce7edd47a60ee670f4e3a4b86.
    expect(debianFingerprint(15n)).toBe('d47a60ee670f4e3a4b86');
  });
});

describe('a sound RSA key', () => {
  it('is accepted: independent primes have neither flaw', async () => {
    for (let i = 0; i < 5; i++) {
      const [p, q] = [randomPrime(1024), randomPrime(1024)];
      expect(fermatFactors(p * q)).toBe(false);
      expect(hasRocaFingerprint(p * q)).toBe(false);
    }
    const [p, q] = [randomPrime(1024), randomPrime(1024)];
    expect(await refusal(await csrOfPrimes(p, q))).toEqual({ answer: 'RSA-2048', flaw: undefined });
  });

  it('takes the integer square root exactly', () => {
    for (const n of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, (1n << 2048n) - 1n, 10n ** 300n])
      expect(isqrt(n) ** 2n <= n && (isqrt(n) + 1n) ** 2n > n).toBe(true);
  });
});
