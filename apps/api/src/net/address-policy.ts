import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses an outgoing request made on a client's behalf may reach: public unicast only.
 * Loopback, private, link-local (cloud metadata at 169.254.169.254), CGNAT, multicast, documentation
 * and reserved ranges are refused, and so are IPv6 forms that carry such an IPv4 address inside
 * (IPv4-mapped, IPv4-compatible, NAT64, 6to4).
 */

const blockedV4 = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12',
  '192.0.0.0/24', '192.0.2.0/24', '192.88.99.0/24', '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24',
  '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4',
].map((cidr) => parseCidr(cidr, 4));

/** Inside global unicast (2000::/3), the ranges that are not ordinary internet hosts. */
const blockedGlobalV6 = ['2001::/32', '2001:2::/48', '2001:10::/28', '2001:20::/28', '2001:db8::/32', '3fff::/20'].map((cidr) => parseCidr(cidr, 6));
const globalUnicastV6 = parseCidr('2000::/3', 6);
/** IPv6 forms whose last four bytes are an IPv4 address. */
const embeddingV4 = ['::ffff:0:0/96', '::/96', '64:ff9b::/96'].map((cidr) => parseCidr(cidr, 6));
const sixToFour = parseCidr('2002::/16', 6);

interface Cidr {
  bytes: Uint8Array;
  prefix: number;
}

function parseCidr(cidr: string, version: 4 | 6): Cidr {
  const [address, prefix] = cidr.split('/') as [string, string];
  const bytes = version === 4 ? ipv4Bytes(address) : ipv6Bytes(address);
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return { bytes, prefix: Number(prefix) };
}

function within(bytes: Uint8Array, range: Cidr): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const bits = Math.min(8, range.prefix - bit);
    const mask = (0xff << (8 - bits)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (range.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

function ipv4Bytes(text: string): Uint8Array | null {
  if (!isIPv4(text)) return null;
  return Uint8Array.from(text.split('.').map(Number));
}

/** The 16 bytes of an IPv6 address (zone id ignored; a trailing dotted IPv4 part allowed). */
export function ipv6Bytes(text: string): Uint8Array | null {
  const address = text.split('%')[0]!;
  if (!isIPv6(address)) return null;
  const groups = (part: string): string[] => (part === '' ? [] : part.split(':'));
  const expand = (list: string[]): number[] =>
    list.flatMap((group) => {
      if (!group.includes('.')) return [parseInt(group, 16)];
      const v4 = ipv4Bytes(group)!;
      return [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    });
  const gap = address.indexOf('::');
  const head = expand(groups(gap >= 0 ? address.slice(0, gap) : address));
  const tail = gap >= 0 ? expand(groups(address.slice(gap + 2))) : [];
  const words = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  return Uint8Array.from(words.flatMap((word) => [word >> 8, word & 0xff]));
}

function publicV4(bytes: Uint8Array): boolean {
  return !blockedV4.some((range) => within(bytes, range));
}

function publicV6(bytes: Uint8Array): boolean {
  if (embeddingV4.some((range) => within(bytes, range))) return publicV4(bytes.subarray(12));
  if (within(bytes, sixToFour)) return publicV4(bytes.subarray(2, 6));
  return within(bytes, globalUnicastV6) && !blockedGlobalV6.some((range) => within(bytes, range));
}

/** True for a public unicast address; false for anything internal, reserved or unparsable. */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4Bytes(address);
  if (v4) return publicV4(v4);
  const v6 = ipv6Bytes(address);
  return v6 ? publicV6(v6) : false;
}
