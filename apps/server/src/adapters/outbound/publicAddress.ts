/**
 * Where the server may send a request of its own (a webhook): a public address on the internet,
 * never this machine, a private network, link-local (the cloud metadata service at
 * 169.254.169.254), multicast, reserved or documentation ranges, nor an internal name.
 * Checked when an address is registered and again at every delivery, after resolution: the
 * connection goes to the address that was checked (`guardedLookup`), so a name that resolves to
 * a public address for the check and a private one for the connection gains nothing.
 */
import {
  lookup as systemLookup,
  type LookupAddress,
  type LookupAllOptions,
  type LookupOptions,
} from 'node:dns';
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The addresses IANA's special-purpose registries (RFC 6890 and its updates) mark as not globally
 * reachable, and multicast. IPv6 forms that carry an IPv4 address — mapped (::ffff:0:0/96),
 * compatible (::/96) and the NAT64 prefix (64:ff9b::/96) — are judged as that IPv4 address, so
 * they are not listed here; each family has its own list (Node's BlockList matches an IPv4
 * address against IPv6 rules too, as a mapped address: ::ffff:0:0/96 in one list refused every
 * IPv4 address).
 */
const NOT_PUBLIC_IPV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC_IPV4.addSubnet(network, prefix, 'ipv4');
const NOT_PUBLIC_IPV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC_IPV6.addSubnet(network, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The IPv4 address an IPv6 address carries in its last 32 bits, where its prefix says so. */
function carriedIpv4(address: ipaddr.IPv6): string | null {
  const [a, b, c, d, e, f] = address.parts;
  const zeros = c === 0 && d === 0 && e === 0;
  const mapped = a === 0 && b === 0 && zeros && f === 0xffff;
  // ::/96 without :: and ::1, which are IPv6's own.
  const compatible =
    a === 0 &&
    b === 0 &&
    zeros &&
    f === 0 &&
    address.range() !== 'unspecified' &&
    address.range() !== 'loopback';
  const nat64 = a === 0x64 && b === 0xff9b && zeros && f === 0;
  if (!mapped && !compatible && !nat64) return null;
  const [high = 0, low = 0] = address.parts.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether `address` (an IP) may be sent to. */
export function reachable(address: string, reach: Reach): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const carried = carriedIpv4(ipaddr.IPv6.parse(address));
    if (carried) return reachable(carried, reach);
    if (reach.loopback && LOOPBACK.check(address, 'ipv6')) return true;
    return !NOT_PUBLIC_IPV6.check(address, 'ipv6');
  }
  if (reach.loopback && LOOPBACK.check(address, 'ipv4')) return true;
  return !NOT_PUBLIC_IPV4.check(address, 'ipv4');
}

/** Names that are never on the internet: this machine's, a network's own, metadata services. */
const INTERNAL_NAME =
  /(?:^|\.)(?:localhost|local|localdomain|internal|intranet|lan|home\.arpa)\.?$|^(?:metadata|instance-data)\.?$/i;

/** What a request may reach: the internet only, or (outside production) this machine too. */
export interface Reach {
  loopback: boolean;
}

/** Why a URL's host may not be sent to (its name or address as written), or null. */
export function hostProblem(url: URL, reach: Reach): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return reachable(host, reach) ? null : `${host} is not a public address`;
  if (INTERNAL_NAME.test(host) && !(reach.loopback && /^localhost\.?$/i.test(host)))
    return `${host} is an internal name`;
  return null;
}

/** Refused: the name resolves to an address that may not be reached. */
export class UnreachableAddressError extends Error {
  override readonly name = 'UnreachableAddressError';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** How a name becomes addresses: the system's resolver, or a test's. */
export type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => {
  systemLookup(hostname, options, callback);
};

/**
 * A `lookup` for `http.request` that resolves as the system does (or as `resolve` does) and
 * refuses the connection when any address of the name may not be reached; the connection then
 * uses the addresses checked.
 */
export function guardedLookup(reach: Reach, resolve: Resolver = systemResolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, []);
        return;
      }
      const refused = addresses.find((one) => !reachable(one.address, reach));
      if (refused || addresses.length === 0) {
        callback(
          new UnreachableAddressError(
            `${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not a public address`,
          ),
          [],
        );
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
    });
  };
}

/**
 * Why a registered address may not be sent to, or null: its host as written, then (when the name
 * resolves here) every address it resolves to. A name that does not resolve from here passes: the
 * delivery checks again where it is sent from.
 */
export async function addressProblem(
  url: URL,
  reach: Reach,
  resolve: Resolver = systemResolver,
): Promise<string | null> {
  const written = hostProblem(url, reach);
  if (written) return written;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  return new Promise((answer) => {
    guardedLookup(reach, resolve)(host, { all: true }, (error) => {
      answer(error instanceof UnreachableAddressError ? error.message : null);
    });
  });
}
