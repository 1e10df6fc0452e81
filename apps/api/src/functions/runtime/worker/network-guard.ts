/**
 * Node 24's permission model does not cover the network, so a function could reach PostgreSQL,
 * Redis or the cloud metadata service on this host. The guard sits where every socket of the
 * process ends up: the native TCP, Unix-socket, UDP and DNS-channel handles, which receive
 * numeric addresses only, after DNS resolution. It lets a connection through to a public address
 * or to the API endpoint's own host and port, and refuses the rest with EACCES. The replaced
 * methods cannot be reassigned, and user code has no other way to the native handles: under
 * `--permission`, `process.binding`, the inspector, addons, child processes and worker threads are
 * denied.
 */
import { lookup } from 'node:dns/promises';
import dns from 'node:dns';
import dgram from 'node:dgram';
import net from 'node:net';
import { constants } from 'node:os';
import { isPublicAddress } from '../../../net/address-policy.ts';

/** libuv's code for "permission denied": net and dgram turn it into an `EACCES` error on the socket. */
const UV_EACCES = -constants.errno.EACCES;
const DNS_PORT = 53;

type Method = (...args: unknown[]) => unknown;

export interface NetworkGuardOptions {
  /** `APPWRITE_FUNCTION_API_ENDPOINT`: its host and port stay reachable even on loopback. */
  apiEndpoint: string | undefined;
  /** Told about every refusal, with a sentence for the execution's errors. */
  report(message: string): void;
}

const key = (address: string, port: number) => `${address}|${port}`;

/** `host:port`, with brackets around an IPv6 address. */
const hostPort = (address: string, port: number) => (net.isIPv6(address) ? `[${address}]:${port}` : `${address}:${port}`);

async function endpointAddresses(apiEndpoint: string | undefined): Promise<{ allowed: Set<string>; label: string }> {
  let url: URL;
  try {
    url = new URL(apiEndpoint ?? '');
  } catch {
    return { allowed: new Set(), label: 'none' };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const addresses = net.isIP(host) ? [host] : await lookup(host, { all: true }).then((found) => found.map((entry) => entry.address), () => []);
  return { allowed: new Set(addresses.map((address) => key(address, port))), label: hostPort(host, port) };
}

/** The prototype of the native handle a probe socket gets; the probes never reach the network. */
function socketHandlePrototype(open: (socket: net.Socket) => void): object {
  const probe = new net.Socket();
  probe.on('error', () => {});
  open(probe);
  const prototype = Object.getPrototypeOf((probe as unknown as { _handle: object })._handle) as object;
  probe.destroy();
  return prototype;
}

function udpHandlePrototype(): object {
  const socket = dgram.createSocket('udp4');
  const state = Object.getOwnPropertySymbols(socket).map((symbol) => Reflect.get(socket, symbol) as { handle?: object } | undefined).find((value) => value?.handle);
  const prototype = Object.getPrototypeOf(state!.handle) as object;
  socket.close();
  return prototype;
}

function dnsChannelPrototype(): object {
  return Object.getPrototypeOf((new dns.Resolver() as unknown as { _handle: object })._handle) as object;
}

/** Replaces a native method for good: it cannot be reassigned or deleted afterwards. */
function replace(prototype: object, name: string, wrap: (original: Method) => Method): void {
  const original = Reflect.get(prototype, name) as unknown;
  if (typeof original !== 'function') throw new Error(`network guard: the handle has no ${name} method`);
  Object.defineProperty(prototype, name, { value: wrap(original as Method), writable: false, configurable: false, enumerable: true });
}

export async function installNetworkGuard(options: NetworkGuardOptions): Promise<void> {
  const endpoint = await endpointAddresses(options.apiEndpoint);
  const systemDnsServers = new Set((new dns.Resolver() as unknown as { _handle: { getServers(): [string, number][] } })._handle.getServers().map(([address, port]) => key(address, port || DNS_PORT)));
  const rule = `a function may reach the API endpoint (${endpoint.label}) and public internet addresses only`;
  const refuse = (target: string, why: string): number => {
    options.report(`Network access refused: ${target} ${why}; ${rule}.`);
    return UV_EACCES;
  };
  const permits = (address: unknown, port: unknown): boolean =>
    typeof address === 'string' && typeof port === 'number' && (endpoint.allowed.has(key(address, port)) || isPublicAddress(address));

  // Collected before any method is replaced: the pipe probe connects to an abstract socket name no one listens on.
  const tcp = socketHandlePrototype((socket) => socket.connect({ host: 'guard.invalid', port: 9, lookup: () => {} }));
  const pipe = socketHandlePrototype((socket) => socket.connect({ path: '\0ballot-atlas-network-guard-probe' }));
  const udp = udpHandlePrototype();
  const dnsChannel = dnsChannelPrototype();

  // TCP: connect(req, address, port) and connect6(req, address, port).
  for (const name of ['connect', 'connect6']) {
    replace(tcp, name, (original) => function (this: unknown, ...args: unknown[]) {
      const [, address, port] = args;
      if (!permits(address, port)) return refuse(hostPort(String(address), Number(port)), 'is not a public address');
      return Reflect.apply(original, this, args);
    });
  }
  replace(pipe, 'connect', () => (_request: unknown, path: unknown) => refuse(`the Unix socket ${JSON.stringify(String(path).replace(/^\0/, '@'))}`, 'is local'));
  // UDP: connect(address, port); send(req, buffers, count, port, address, hasCallback), or four arguments on a connected socket.
  for (const name of ['connect', 'connect6']) {
    replace(udp, name, (original) => function (this: unknown, ...args: unknown[]) {
      const [address, port] = args;
      if (!permits(address, port)) return refuse(`UDP to ${hostPort(String(address), Number(port))}`, 'is not a public address');
      return Reflect.apply(original, this, args);
    });
  }
  for (const name of ['send', 'send6']) {
    replace(udp, name, (original) => function (this: unknown, ...args: unknown[]) {
      if (args.length >= 6) {
        const [, , , port, address] = args;
        if (!permits(address, port)) return refuse(`UDP to ${hostPort(String(address), Number(port))}`, 'is not a public address');
      }
      return Reflect.apply(original, this, args);
    });
  }
  // DNS queries go to the system's resolvers or to public servers, not to a local service's port.
  replace(dnsChannel, 'setServers', (original) => function (this: unknown, ...args: unknown[]) {
    const [servers] = args;
    if (Array.isArray(servers)) {
      for (const [, address, port] of servers as [number, string, number][]) {
        if (!systemDnsServers.has(key(address, port || DNS_PORT)) && !isPublicAddress(address)) {
          const message = `Network access refused: the DNS server ${hostPort(address, port || DNS_PORT)} is not a public address; ${rule}.`;
          options.report(message);
          throw Object.assign(new Error(message), { code: 'EACCES' });
        }
      }
    }
    return Reflect.apply(original, this, args);
  });
}
