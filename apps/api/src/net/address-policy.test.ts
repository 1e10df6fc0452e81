import { describe, expect, it } from 'vitest';
import { ipv6Bytes, isPublicAddress } from './address-policy.ts';

const refused: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.0.9', 'loopback /8'],
  ['10.0.0.1', 'private 10/8'],
  ['172.16.0.1', 'private 172.16/12'],
  ['172.31.255.254', 'private 172.16/12, last'],
  ['192.168.1.1', 'private 192.168/16'],
  ['169.254.169.254', 'cloud metadata, link-local'],
  ['100.64.0.1', 'CGNAT'],
  ['100.127.255.255', 'CGNAT, last'],
  ['0.0.0.0', 'this network'],
  ['0.1.2.3', 'this network /8'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast (SSDP)'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['192.0.2.10', 'TEST-NET-1'],
  ['198.18.0.1', 'benchmarking'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fc00::1', 'unique local'],
  ['fd12:3456:789a::1', 'unique local (fd)'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['ff02::1', 'IPv6 multicast'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
  ['2002:a9fe:a9fe::1', '6to4 of 169.254.169.254'],
  ['2001:db8::1', 'documentation'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['100::1', 'discard-only'],
  ['not an address', 'garbage'],
];

const allowed: [string, string][] = [
  ['8.8.8.8', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['172.32.0.1', 'just past 172.16/12'],
  ['100.128.0.1', 'just past CGNAT'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['2a00:1450:4007:80e::200e', 'public IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['64:ff9b::808:808', 'NAT64 of 8.8.8.8'],
  ['2002:808:808::1', '6to4 of 8.8.8.8'],
];

describe('isPublicAddress', () => {
  it.each(refused)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(allowed)('allows %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('ipv6Bytes', () => {
  it('expands ::, keeps a dotted IPv4 tail and ignores a zone', () => {
    expect(Buffer.from(ipv6Bytes('::ffff:1.2.3.4')!).toString('hex')).toBe('00000000000000000000ffff01020304');
    expect(Buffer.from(ipv6Bytes('2001:db8::8:800:200c:417a')!).toString('hex')).toBe('20010db80000000000080800200c417a');
    expect(Buffer.from(ipv6Bytes('fe80::1%lo0')!).toString('hex')).toBe('fe800000000000000000000000000001');
    expect(ipv6Bytes('1.2.3.4')).toBeNull();
  });
});
