import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Loopback, private, link-local, carrier-grade NAT, multicast, reserved...: anything but public unicast. */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  return ipaddr.process(address).range() !== 'unicast';
}

export class PrivateTargetError extends Error {
  readonly permanent = true;
  constructor(host: string) {
    super(`${host} is a private-network address; webhooks may only go to public hosts`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses private addresses, so the address checked is the one
 * connected to (a name cannot resolve to a public address when saved and a private one later).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = !allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(new PrivateTargetError(hostname), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Checks a URL's host when it is saved: an IP literal directly, a name by resolving it. */
export async function assertPublicHost(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new PrivateTargetError(host);
    return;
  }
  await new Promise<void>((resolve, reject) =>
    guardedLookup(false)(host, { all: true }, (error) => (error ? reject(error) : resolve())),
  );
}
