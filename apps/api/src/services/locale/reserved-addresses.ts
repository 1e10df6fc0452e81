import { BlockList, isIP } from 'node:net';

/**
 * Addresses that belong to no country: private, loopback, link-local, shared, documentation and
 * other special-purpose ranges (IANA's registries). The bundled database places some of them in
 * a country, so they are ruled out before it is asked.
 */
const reserved = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) reserved.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['3fff::', 20], ['fc00::', 7],
  ['fe80::', 10], ['ff00::', 8],
] as const) reserved.addSubnet(network, prefix, 'ipv6');

const mappedIpv4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address to look up: an IPv4-mapped IPv6 address as its IPv4 form; null when it is not an address. */
export function canonicalAddress(address: string): string | null {
  const mapped = mappedIpv4.exec(address);
  const candidate = mapped ? (mapped[1] as string) : address;
  return isIP(candidate) === 0 ? null : candidate;
}

export function isReservedAddress(address: string): boolean {
  return reserved.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}
