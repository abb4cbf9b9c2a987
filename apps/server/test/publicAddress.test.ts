/**
 * Where the server may send its own requests (webhooks), by the special-purpose address registries:
 * public IPv4 and IPv6 addresses are reached, every special range refused, whichever way an
 * address is written — as IPv4, or carried in an IPv6 address (mapped, compatible, NAT64) — and
 * whatever a name resolves to. Production's policy (no loopback); the names resolved by a resolver
 * the test hands in.
 */
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  addressProblem,
  reachable,
  type Resolver,
} from '../src/adapters/outbound/publicAddress.js';

const production = { loopback: false };

const PUBLIC = [
  '8.8.8.8',
  '93.184.216.34',
  '1.1.1.1',
  '223.255.255.1',
  '2606:4700:4700::1111',
  '2a00:1450:4001:81b::200e',
  '::ffff:93.184.216.34',
  '64:ff9b::808:808',
];

const SPECIAL = [
  '0.0.0.0',
  '10.1.2.3',
  '100.64.0.1',
  '127.0.0.1',
  '169.254.169.254',
  '172.16.5.4',
  '192.0.0.8',
  '192.0.2.10',
  '192.168.1.1',
  '198.18.0.1',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  '::ffff:127.0.0.1',
  '::ffff:169.254.169.254',
  '::127.0.0.1',
  '::a9fe:a9fe',
  '::ffff:a9fe:a9fe',
  '64:ff9b::a00:1',
  '100::1',
  '2001:db8::1',
  '2002:c000:204::1',
  '3fff::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'ff02::1',
];

describe('an address the server may send to', () => {
  it.each(PUBLIC)('reaches the public %s', (address) => {
    expect(reachable(address, production)).toBe(true);
  });

  it.each(SPECIAL)('refuses the special %s', (address) => {
    expect(reachable(address, production)).toBe(false);
  });

  it('reaches loopback only where allowed (demo mode), in either family', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect(reachable(address, { loopback: true }), address).toBe(true);
    expect(reachable('10.0.0.1', { loopback: true })).toBe(false);
  });
});

/** A resolver that knows a few names, as DNS would answer them. */
const resolver =
  (names: Record<string, string[]>): Resolver =>
  (hostname, _options, callback) => {
    const addresses = names[hostname];
    if (!addresses) {
      callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
      return;
    }
    callback(
      null,
      addresses.map((address): LookupAddress => ({
        address,
        family: address.includes(':') ? 6 : 4,
      })),
    );
  };

describe('a webhook address as registered', () => {
  const names = resolver({
    'hooks.partner.example': ['93.184.216.34', '2606:4700:4700::1111'],
    'v4.partner.example': ['8.8.4.4'],
    'sneaky.partner.example': ['93.184.216.34', '10.0.0.7'],
    'metadata.partner.example': ['::ffff:169.254.169.254'],
  });
  const problem = (url: string) => addressProblem(new URL(url), production, names);

  it('is taken when it, or every address its name resolves to, is public', async () => {
    expect(await problem('https://93.184.216.34/hook')).toBeNull();
    expect(await problem('https://[2606:4700:4700::1111]/hook')).toBeNull();
    expect(await problem('https://hooks.partner.example/hook')).toBeNull();
    expect(await problem('https://v4.partner.example/hook')).toBeNull();
  });

  it('is refused when it, or any address its name resolves to, is special', async () => {
    expect(await problem('https://[::127.0.0.1]/hook')).toMatch(/not a public address/);
    expect(await problem('https://[::a9fe:a9fe]/hook')).toMatch(/not a public address/);
    expect(await problem('https://10.0.0.1/hook')).toMatch(/not a public address/);
    expect(await problem('https://sneaky.partner.example/hook')).toMatch(/10\.0\.0\.7/);
    expect(await problem('https://metadata.partner.example/hook')).toMatch(/169\.254\.169\.254/);
    expect(await problem('https://service.internal/hook')).toMatch(/internal name/);
  });
});
