/**
 * RSA keys that look strong and are not, refused before any certificate names them:
 *
 * - **Fermat**: primes close together (|p − q| small beside N^¼) factor in a few steps of
 *   Fermat's method, whatever the length of N; 100 steps, as badkeys and Let's Encrypt's boulder
 *   (goodkey) take, find every pair closer than about 2^(bits/4 + 6).
 * - **ROCA** (CVE-2017-15361, Infineon's RSALib): its primes are k·M + (65537^a mod M), so N mod p
 *   lies in the subgroup that 65537 makes modulo each small prime p up to 167. The masks are
 *   computed here from that definition (the detector of Nemec et al. publishes the same numbers).
 * - **Debian's weak keys** (DSA-1571, 2008): one of the keys the broken OpenSSL could make, found in
 *   a list in Debian's openssl-blacklist format (the last 80 bits of SHA-1 of "Modulus=HEX\n",
 *   as `openssl-vulnkey` reads them), read from the files WEAK_KEY_LISTS names.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export type BreakableKey = 'fermat' | 'roca' | 'debian';

const FERMAT_STEPS = 100;

/** The integer square root of n ≥ 0 (Newton's method). */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt((n.toString(2).length + 1) >> 1);
  for (;;) {
    const next = (x + n / x) >> 1n;
    if (next >= x) return x;
    x = next;
  }
}

/** Squares mod 64 and 63 and 65: most non-squares are told without a square root. */
const QUICK_MODULI = [64n, 63n, 65n, 11n].map((m) => {
  const squares = new Set<bigint>();
  for (let i = 0n; i < m; i++) squares.add((i * i) % m);
  return { m, squares };
});

function isSquare(n: bigint): boolean {
  if (n < 0n) return false;
  for (const { m, squares } of QUICK_MODULI) if (!squares.has(n % m)) return false;
  const root = isqrt(n);
  return root * root === n;
}

/** Whether Fermat's method factors `n` within FERMAT_STEPS steps. */
export function fermatFactors(n: bigint): boolean {
  let a = isqrt(n);
  if (a * a < n) a += 1n;
  for (let step = 0; step < FERMAT_STEPS; step++, a++) if (isSquare(a * a - n)) return true;
  return false;
}

const ROCA_PRIMES = [
  3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101,
  103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167,
];

/** For each prime p, the residues of the subgroup 65537 generates modulo p. */
const ROCA_SUBGROUPS = ROCA_PRIMES.map((p) => {
  const members = new Set<number>();
  let x = 1;
  do {
    members.add(x);
    x = (x * (65537 % p)) % p;
  } while (x !== 1);
  return { p: BigInt(p), members };
});

/** Whether `n` has the fingerprint of Infineon RSALib's keys. */
export function hasRocaFingerprint(n: bigint): boolean {
  return ROCA_SUBGROUPS.every(({ p, members }) => members.has(Number(n % p)));
}

/** The fingerprint Debian's openssl-blacklist lists: the last 20 hex digits of SHA-1. */
export function debianFingerprint(n: bigint): string {
  return createHash('sha1')
    .update(`Modulus=${n.toString(16).toUpperCase()}\n`)
    .digest('hex')
    .slice(20);
}

/** Reads lists in openssl-blacklist's format: one fingerprint a line, `#` comments. */
export function readWeakKeyLists(paths: readonly string[]): Set<string> {
  const fingerprints = new Set<string>();
  for (const path of paths)
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const entry = line.trim().toLowerCase();
      if (/^[0-9a-f]{20}$/.test(entry)) fingerprints.add(entry);
    }
  return fingerprints;
}

const lists = new Map<string, ReadonlySet<string>>();

/** The lists a WEAK_KEY_LISTS setting names (comma-separated paths), read once per process. */
export function debianWeakKeysOf(setting: string | undefined): ReadonlySet<string> {
  const key = setting ?? '';
  let list = lists.get(key);
  if (!list) {
    const paths = key
      .split(',')
      .map((path) => path.trim())
      .filter(Boolean);
    list = readWeakKeyLists(paths);
    lists.set(key, list);
  }
  return list;
}

/** Which flaw makes an RSA modulus breakable; null when none is known. */
export function breakableRsa(n: bigint, debianList: ReadonlySet<string>): BreakableKey | null {
  if (debianList.has(debianFingerprint(n))) return 'debian';
  if (hasRocaFingerprint(n)) return 'roca';
  if (fermatFactors(n)) return 'fermat';
  return null;
}
