import dgram from 'node:dgram';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionPool, type ExecutionResult } from './function-pool.ts';
import { fixtureFunction } from './test-fixtures.ts';

const fn = fixtureFunction('network.js', { timeout: 20 });
const POSTGRES = { host: '127.0.0.1', port: 5432 };
const REDIS = { host: '127.0.0.1', port: 6379 };
const METADATA = { host: '169.254.169.254', port: 80 };

/** What a local service saw: the guard must refuse before anything reaches it. */
const seen = { other: 0, unix: 0, udp: 0 };
let apiServer: http.Server;
let otherServer: http.Server;
let unixServer: net.Server;
let udpServer: dgram.Socket;
let socketDir: string;
let apiPort: number;
let otherPort: number;
let pool: FunctionPool;

const portOf = (server: net.Server) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  apiServer = http.createServer((request, response) => response.end(`api ${request.url}`));
  otherServer = http.createServer((_request, response) => response.end('local service')).on('connection', () => (seen.other += 1));
  socketDir = mkdtempSync(join(tmpdir(), 'guard-socket-'));
  unixServer = net.createServer((socket) => socket.end()).on('connection', () => (seen.unix += 1));
  udpServer = dgram.createSocket('udp4').on('message', () => (seen.udp += 1));
  await Promise.all([
    once(apiServer.listen(0, '127.0.0.1'), 'listening'),
    once(otherServer.listen(0, '127.0.0.1'), 'listening'),
    once(unixServer.listen(join(socketDir, 'service.sock')), 'listening'),
    new Promise<void>((resolve) => udpServer.bind(0, '127.0.0.1', resolve)),
  ]);
  apiPort = portOf(apiServer);
  otherPort = portOf(otherServer);
  pool = new FunctionPool({ size: 2, idleTimeoutMs: 30_000, projectId: 'ballot-atlas', apiEndpoint: `http://127.0.0.1:${apiPort}/v1` });
});

afterAll(async () => {
  await pool.close();
  udpServer.close();
  await Promise.all([apiServer, otherServer, unixServer].map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(socketDir, { recursive: true, force: true });
});

function run(via: string, query: Record<string, string | number> = {}): Promise<ExecutionResult> {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return pool.execute({ fn, request: { method: 'GET', path: `/?${search}`, headers: { 'x-via': via }, body: Buffer.alloc(0) } });
}

const json = (result: ExecutionResult) => JSON.parse(result.body.toString()) as Record<string, unknown>;
const refusal = (target: string) => `Network access refused: ${target} is not a public address; a function may reach the API endpoint (127.0.0.1:${apiPort}) and public internet addresses only.`;

describe('the network guard of function workers', () => {
  it('refuses PostgreSQL, Redis, cloud metadata, private and other loopback addresses over net, http and fetch, with the reason in the errors', async () => {
    const targets = [
      POSTGRES,
      REDIS,
      METADATA,
      { host: '127.0.0.1', port: otherPort },
      { host: '10.1.2.3', port: 80 },
      { host: '100.64.0.1', port: 80 },
      { host: '0.0.0.0', port: otherPort },
      { host: '::1', port: otherPort },
      { host: 'fd00::1', port: 80 },
      { host: '::ffff:7f00:1', port: otherPort },
    ];
    for (const via of ['net', 'http', 'fetch']) {
      for (const target of targets) {
        const result = await run(via, target);
        const shown = net.isIPv6(target.host) ? `[${target.host}]:${target.port}` : `${target.host}:${target.port}`;
        expect([via, shown, json(result)]).toEqual([via, shown, { reached: false, code: 'EACCES', message: expect.stringMatching(`^connect EACCES ${target.host}:${target.port}`) }]);
        expect(result.errors).toBe(`${refusal(shown)}\n`);
      }
    }
    expect(seen.other).toBe(0);
  });

  it('checks the address a name resolves to: localhost is refused', async () => {
    for (const via of ['net', 'http', 'fetch']) {
      const result = await run(via, { host: 'localhost', port: otherPort });
      expect(json(result)).toMatchObject({ reached: false, code: 'EACCES' });
      expect(result.errors).toContain(refusal(`127.0.0.1:${otherPort}`));
    }
    expect(seen.other).toBe(0);
  });

  it('lets the function reach the API endpoint\'s host and port, and only that port', async () => {
    const api = await run('api');
    expect([json(api), api.errors]).toEqual([{ reached: true, detail: 'api /v1/health' }, '']);
    expect(json(await run('http', { host: '127.0.0.1', port: apiPort }))).toEqual({ reached: true, detail: 200 });
    expect(json(await run('net', { host: '127.0.0.1', port: apiPort }))).toEqual({ reached: true, detail: 'connected' });
    expect(json(await run('fetch', { host: '127.0.0.1', port: otherPort }))).toMatchObject({ code: 'EACCES' });
  });

  it('refuses Unix sockets, UDP to local addresses and a local DNS server', async () => {
    const path = join(socketDir, 'service.sock');
    const unix = await run('unix', { path });
    expect(json(unix)).toMatchObject({ reached: false, code: 'EACCES' });
    expect(unix.errors).toContain(`Network access refused: the Unix socket "${path}" is local;`);
    const udpPort = (udpServer.address() as AddressInfo).port;
    const udp = await run('udp', { host: '127.0.0.1', port: udpPort });
    expect(json(udp)).toEqual({ reached: false, code: 'EACCES', message: expect.stringMatching(`^send EACCES 127.0.0.1:${udpPort}`) });
    expect(udp.errors).toBe(`${refusal(`UDP to 127.0.0.1:${udpPort}`)}\n`);
    const resolver = await run('dnsServer', REDIS);
    expect(json(resolver)).toMatchObject({ reached: false, code: 'EACCES', message: expect.stringContaining('the DNS server 127.0.0.1:6379 is not a public address') });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([seen.unix, seen.udp]).toEqual([0, 0]);
  });

  it('does not stand in the way of a public address', async () => {
    const result = await run('net', { host: '1.1.1.1', port: 9 });
    // Whether this machine can reach the internet or not, the guard did not refuse it.
    expect(json(result).code).not.toBe('EACCES');
    expect(result.errors).toBe('');
  });

  it('cannot be taken apart or gone round from inside the function', async () => {
    const result = await run('bypass', POSTGRES);
    expect(json(result)).toEqual({
      reassignConnect: { refused: 'TypeError' },
      redefineConnect: { refused: 'TypeError' },
      deleteConnect: { refused: 'TypeError' },
      handleConnect: { allowed: -13 },
      processBinding: { refused: 'ERR_ACCESS_DENIED' },
      internalBinding: { present: false },
      signalServer: { refused: 'ERR_ACCESS_DENIED' },
      signalGroup: { refused: 'ERR_ACCESS_DENIED' },
      debugServer: { refused: 'ERR_ACCESS_DENIED' },
      execve: { refused: 'ERR_ACCESS_DENIED' },
      inspector: { refused: 'ERR_ACCESS_DENIED' },
    });
    // The same worker, after those attempts, and `net` loaded again through require.
    expect(json(await run('required', POSTGRES))).toMatchObject({ reached: false, code: 'EACCES' });
    expect(json(await run('net', POSTGRES))).toMatchObject({ reached: false, code: 'EACCES' });
  });
});
