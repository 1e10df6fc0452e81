/**
 * /v1/health/{cache,pubsub,storage,storage/local}: each answers 200 while its dependency works and
 * 503 general_service_unavailable (Appwrite's error shape) while it does not, then 200 again with
 * no restart — what a load balancer needs to take a process out and put it back.
 */
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL } from '../../support/redis-available.ts';
import { startS3Server, type TestS3Server } from '../../support/s3-server.ts';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const redisUp = await redisAvailable();

async function health(server: TestServer, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.endpoint}/health${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Each process reuses a check's answer for a second (dependency-health.ts), so a change shows after it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_100));

function expectUnavailable(answer: { status: number; body: Record<string, unknown> }, message: string): void {
  expect(answer.status).toBe(503);
  expect(answer.body).toMatchObject({ code: 503, type: 'general_service_unavailable', message });
  expect(answer.body['version']).toEqual(expect.any(String));
}

describe('health of the file device and local folders', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('passes while the disk store works, 503 while it cannot be written, and passes again', async () => {
    expect(await health(server, '/storage')).toEqual({ status: 200, body: { name: 'storage', ping: expect.any(Number), status: 'pass' } });
    const storageRoot = join(server.dataDir, 'storage');
    await mkdir(storageRoot, { recursive: true });
    await rename(storageRoot, `${storageRoot}.away`);
    // A plain file where the store's folder should be: every write under it fails (even for root).
    await writeFile(storageRoot, 'not a folder');
    await settle();
    try {
      expectUnavailable(await health(server, '/storage'), 'Storage failure on: storage');
    } finally {
      await rm(storageRoot);
      await rename(`${storageRoot}.away`, storageRoot);
    }
    await settle();
    expect((await health(server, '/storage')).status).toBe(200);
  });

  it('leaves nothing behind in the store or the scratch folder', async () => {
    for (let probe = 0; probe < 3; probe++) {
      await settle();
      expect((await health(server, '/storage')).status).toBe(200);
    }
    const held = [];
    for await (const item of server.app.services.storage.device.held()) held.push(item);
    expect(held).toEqual([]);
    expect(await readdir(server.app.services.storage.uploadTempDir)).toEqual([]);
  });

  it('storage/local passes while DATA_DIR is a folder and 503 while it is not', async () => {
    expect(await health(server, '/storage/local')).toEqual({ status: 200, body: { name: 'storage', ping: expect.any(Number), status: 'pass' } });
    const scratch = server.app.services.storage.uploadTempDir;
    await rename(scratch, `${scratch}.away`);
    await settle();
    try {
      expectUnavailable(await health(server, '/storage/local'), 'Storage/local failure on: storage');
    } finally {
      await rename(`${scratch}.away`, scratch);
    }
    await settle();
    expect((await health(server, '/storage/local')).status).toBe(200);
  });

  it('a second of calls runs one probe: the answer is shared, not probed again', async () => {
    const device = server.app.services.storage.device;
    const putChunk = device.putChunk.bind(device);
    let probes = 0;
    device.putChunk = (...args) => {
      probes++;
      return putChunk(...args);
    };
    try {
      await settle();
      const answers = await Promise.all(Array.from({ length: 20 }, () => health(server, '/storage')));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(probes).toBe(1);
      await settle();
      expect((await health(server, '/storage')).status).toBe(200);
      expect(probes).toBe(2);
    } finally {
      device.putChunk = putChunk;
    }
  });

  it('cache and pubsub are this process’s own without REDIS_URL', async () => {
    const inProcess = { status: 200, body: { total: 1, statuses: [{ name: 'memory', ping: 0, status: 'pass' }] } };
    expect(await health(server, '/cache')).toEqual(inProcess);
    expect(await health(server, '/pubsub')).toEqual(inProcess);
  });
});

describe.skipIf(!redisUp)('health of Redis (cache and pubsub)', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  beforeAll(async () => {
    const target = new URL(TEST_REDIS_URL);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    server = await startTestServer({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}` } });
  });
  afterAll(async () => {
    await proxy.setMode('forward');
    await server.close();
    await proxy.close();
  });

  it('passes while Redis answers, 503 while it is out of reach, and passes again once it is back', { timeout: 30_000 }, async () => {
    for (const path of ['/cache', '/pubsub']) {
      expect(await health(server, path)).toEqual({ status: 200, body: { total: 1, statuses: [{ name: 'redis', ping: expect.any(Number), status: 'pass' }] } });
    }
    await proxy.setMode('refuse');
    await settle();
    expectUnavailable(await health(server, '/cache'), 'Cache failure on: redis');
    expectUnavailable(await health(server, '/pubsub'), 'Pubsub failure on: redis');
    await proxy.setMode('forward');
    await expect.poll(async () => (await health(server, '/cache')).status, { timeout: 10_000, interval: 200 }).toBe(200);
    expect((await health(server, '/pubsub')).status).toBe(200);
  });

  it('a Redis that accepts connections but never answers fails within the probe timeout', { timeout: 30_000 }, async () => {
    await proxy.setMode('blackhole');
    await settle();
    try {
      const started = Date.now();
      expectUnavailable(await health(server, '/cache'), 'Cache failure on: redis');
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      await proxy.setMode('forward');
    }
    await expect.poll(async () => (await health(server, '/cache')).status, { timeout: 10_000, interval: 200 }).toBe(200);
  });
});

describe('health of an S3-compatible store (STORAGE_URL)', () => {
  let s3: TestS3Server;
  let proxy: TcpProxy;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
    const endpoint = new URL(new URL(s3.storageUrl).searchParams.get('endpoint')!);
    proxy = await startTcpProxy(endpoint.hostname, Number(endpoint.port));
    const throughProxy = s3.storageUrl.replace(encodeURIComponent(endpoint.origin), encodeURIComponent(`http://127.0.0.1:${proxy.port}`));
    expect(throughProxy).not.toBe(s3.storageUrl);
    server = await startTestServer({ env: { ...s3.env, STORAGE_URL: throughProxy } });
  });
  afterAll(async () => {
    await proxy.setMode('forward');
    await server.close();
    await proxy.close();
    await s3.stop();
  });

  it('passes while the store answers, 503 while it refuses or hangs, and passes again', { timeout: 60_000 }, async () => {
    expect(await health(server, '/storage')).toEqual({ status: 200, body: { name: 'storage', ping: expect.any(Number), status: 'pass' } });
    await proxy.setMode('refuse');
    await settle();
    expectUnavailable(await health(server, '/storage'), 'Storage failure on: storage');
    await proxy.setMode('blackhole');
    await settle();
    const started = Date.now();
    expectUnavailable(await health(server, '/storage'), 'Storage failure on: storage');
    expect(Date.now() - started).toBeLessThan(8_000);
    await proxy.setMode('forward');
    await expect.poll(async () => (await health(server, '/storage')).status, { timeout: 20_000, interval: 250 }).toBe(200);
    // The local folders do not depend on the store.
    expect((await health(server, '/storage/local')).status).toBe(200);
  });
});
