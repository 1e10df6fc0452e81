import { lookup } from 'node:dns/promises';
import { isPublicAddress } from './address-policy.ts';

/**
 * Where the server may connect on a caller's behalf (remote avatars through safe-fetch.ts, the
 * screenshot browser's proxy): every address a name resolves to must be public, unless `host` or
 * `host:port` is allow-listed (tests).
 */

export interface ResolvedTarget {
  address: string;
  family: number;
}

export type AddressVerdict = { allowed: true; target: ResolvedTarget } | { allowed: false; reason: 'blocked' | 'unresolved' };

function isAllowListed(hostname: string, port: string, allowedHosts: readonly string[]): boolean {
  return allowedHosts.includes(hostname) || allowedHosts.includes(`${hostname}:${port}`);
}

/** Resolves `hostname` and says whether a connection to `port` there is allowed, and to which address. */
export async function checkHost(hostname: string, port: string, allowedHosts: readonly string[]): Promise<AddressVerdict> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedTarget[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return { allowed: false, reason: 'unresolved' };
  }
  if (addresses.length === 0) return { allowed: false, reason: 'unresolved' };
  if (!isAllowListed(hostname, port, allowedHosts) && addresses.some((entry) => !isPublicAddress(entry.address))) return { allowed: false, reason: 'blocked' };
  return { allowed: true, target: addresses[0]! };
}

/** The same check for a URL; only http and https are ever allowed. */
export async function checkUrl(url: URL, allowedHosts: readonly string[]): Promise<AddressVerdict> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { allowed: false, reason: 'blocked' };
  return checkHost(url.hostname, url.port || (url.protocol === 'https:' ? '443' : '80'), allowedHosts);
}
