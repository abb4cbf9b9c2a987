/**
 * Where the server may send a request of its own (a webhook): a public address on the internet,
 * never this machine, a private network, link-local (the cloud metadata service at
 * 169.254.169.254), multicast, reserved or documentation ranges, nor an internal name (issue 41).
 * Checked when an address is registered and again at every delivery, after resolution: the
 * connection goes to the address that was checked (`guardedLookup`), so a name that resolves to
 * a public address for the check and a private one for the connection gains nothing.
 */
import { lookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const NOT_PUBLIC = new BlockList();
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
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Names that are never on the internet: this machine's, a network's own, metadata services. */
const INTERNAL_NAME =
  /(?:^|\.)(?:localhost|local|localdomain|internal|intranet|lan|home\.arpa)\.?$|^(?:metadata|instance-data)\.?$/i;

/** What a request may reach: the internet only, or (outside production) this machine too. */
export interface Reach {
  loopback: boolean;
}

/** Whether `address` (an IP) may be sent to. */
export function reachable(address: string, reach: Reach): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (reach.loopback && LOOPBACK.check(address, type)) return true;
  return !NOT_PUBLIC.check(address, type);
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

/**
 * A `lookup` for `http.request` that resolves as the system does and refuses the connection when
 * any address of the name may not be reached; the connection then uses the addresses checked.
 */
export function guardedLookup(reach: Reach) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses) => {
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
export async function addressProblem(url: URL, reach: Reach): Promise<string | null> {
  const written = hostProblem(url, reach);
  if (written) return written;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  return new Promise((resolve) => {
    guardedLookup(reach)(host, { all: true }, (error) => {
      resolve(error instanceof UnreachableAddressError ? error.message : null);
    });
  });
}
