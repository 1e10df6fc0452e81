/**
 * The reference layout of docs/deploy.md, end to end: three server processes (the real entry,
 * apps/api/src/main.ts, WORKERS=1 each, a DATA_DIR each as on three machines) on one PostgreSQL
 * schema, one Redis and an S3-compatible store, behind nginx configured by
 * deploy/nginx/ballot-atlas.conf (TLS with a throw-away certificate). Skipped, with a notice,
 * when PostgreSQL, Redis or nginx cannot be had.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snapshotWebBuild, WEB_DIR } from '../../../../../tests/e2e/support/web-build.ts';
import sharp from 'sharp';
import { PREVIEW_SIZE_LIMIT } from '../../../src/services/storage/preview/render-preview.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL } from '../../support/redis-available.ts';
import { startS3Server, type TestS3Server } from '../../support/s3-server.ts';
import { siteSchemaCopy } from '../../support/site-schema-copy.ts';
import { newTestStorage, POSTGRES_URL, postgresAvailable, removeTestData, TEST_API_KEY, TEST_PROJECT } from '../../support/test-server.ts';
import { freePort } from '@ballot-atlas/shared/node/free-port';
import { httpCall, type CallOptions, type CallResult } from './support/http-call.ts';
import { LiveSocket } from './support/live-socket.ts';
import { nginxBinary, PROXY_SOURCE_ADDRESS, startNginx, type NginxProxy } from './support/nginx-proxy.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';

const CHUNK = 5 * 1024 * 1024;
/** docs/decisions/020-live-pages.md: reference data is cached for 5 s in each site process; the API caches nothing. */
const CACHE_TTL_MS = 5_000;
const GUEST_SEARCHES = 6;
const WEB_BUILD = join(WEB_DIR, 'build');
/** Pages are checked too when the site is built (`npm run build --workspace apps/web`); the API cases run either way. */
const webBuilt = existsSync(join(WEB_BUILD, 'server', 'index.js'));

const postgresUp = await postgresAvailable();
const redisUp = await redisAvailable();
const nginx = postgresUp && redisUp ? nginxBinary() : undefined;
const missing = [!postgresUp && 'PostgreSQL', !redisUp && 'Redis', postgresUp && redisUp && !nginx && 'nginx (apt-get install nginx, as root)'].filter(Boolean);
if (missing.length) console.warn(`three-processes.test.ts skipped: ${missing.join(', ')} not available`);
else if (!webBuilt) console.warn('three-processes.test.ts: apps/web is not built, so pages are not checked (API only)');

const key = { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY, 'content-type': 'application/json' };
const guest = { 'x-appwrite-project': TEST_PROJECT };
const sessionCookie = (token: string) => ({ ...guest, cookie: `a_session_${TEST_PROJECT}=${encodeURIComponent(token)}` });

function expectStatus(reply: CallResult, status: number, what: string): void {
  expect(reply.status, `${what}: ${reply.text().slice(0, 300)}`).toBe(status);
}

/**
 * A source address of its own on loopback (127.0.0.0/8), so counters keyed by address (guest
 * rates, sign-up and sign-in limits, kept in the shared Redis for their whole window) start from nothing.
 */
function freshLoopbackAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `127.${10 + (a! % 200)}.${b}.${1 + (c! % 250)}`;
}

function searchPath(): string {
  const query = JSON.stringify({ method: 'search', attribute: 'name', values: ['lantern'] });
  return `/v1/databases/main/collections/regions/documents?queries%5B0%5D=${encodeURIComponent(query)}`;
}

function regionBody(documentId: string, name: string): string {
  return JSON.stringify({ documentId, data: { name, slug: documentId, code: documentId.slice(0, 16) } });
}

describe.skipIf(missing.length > 0)('three server processes behind nginx on PostgreSQL, Redis and S3', () => {
  const schema = siteSchemaCopy((json) => {
    // Function runtimes would only slow the starts; the media bucket takes the 20 MB picture.
    json['functions'] = [];
    json['buckets'].find((bucket: { $id: string }) => bucket.$id === 'media').maximumFileSize = 32 * 1024 * 1024;
  });
  const storage = newTestStorage();
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let s3: TestS3Server;
  let proxy: NginxProxy;
  let assetsRoot: string;
  let web: { directory: string; dispose(): void } | undefined;
  const via = (path: string, options: CallOptions = {}) => httpCall(`${proxy.origin}${path}`, { ca: proxy.ca, ...options });
  const direct = (server: ServerProcess, path: string, options: CallOptions = {}) => httpCall(`http://127.0.0.1:${server.port}${path}`, options);

  beforeAll(async () => {
    s3 = await startS3Server();
    // A private copy, so a rebuild started elsewhere meanwhile cannot pull assets from under the servers.
    web = webBuilt ? snapshotWebBuild() : undefined;
    const [httpPort, httpsPort, ...ports] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    const env = (port: number) => {
      const dataDir = mkdtempSync(join(tmpdir(), `ballot-scale-${port}-`));
      dataDirs.push(dataDir);
      return {
        ...s3.env,
        NODE_ENV: 'production',
        WORKERS: '1',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: POSTGRES_URL,
        DATABASE_SCHEMA: storage.pgSchema,
        REDIS_URL: TEST_REDIS_URL,
        PROJECT_ID: TEST_PROJECT,
        SCHEMA_FILE: schema.file,
        API_KEY: TEST_API_KEY,
        SEED: 'none',
        LOG_LEVEL: 'warn',
        SITE_URL: `https://127.0.0.1:${httpsPort}`,
        TRUST_PROXY: PROXY_SOURCE_ADDRESS,
        GUEST_SEARCH_RATE: `${GUEST_SEARCHES}/120`,
        ...(web ? { WEB_BUILD_DIR: web.directory } : {}),
      };
    };
    // The first applies the schema; the other two start together on it (the start-up lock covers a tie).
    servers.push(await startServerProcess(ports[0]!, env(ports[0]!)));
    servers.push(...(await Promise.all(ports.slice(1).map((port) => startServerProcess(port, env(port))))));
    assetsRoot = web ? join(web.directory, 'client') : mkdtempSync(join(tmpdir(), 'ballot-assets-'));
    if (!web) {
      mkdirSync(join(assetsRoot, 'assets'));
      writeFileSync(join(assetsRoot, 'assets', 'entry-0123abcd.js'), `export const words = ${JSON.stringify('ballot '.repeat(2000))};\n`);
    }
    proxy = await startNginx(nginx!, { upstreamPorts: servers.map((server) => server.port), assetsRoot, httpPort: httpPort!, httpsPort: httpsPort! });
  }, 240_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await s3?.stop();
    await removeTestData('postgres', storage).catch(() => {});
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    if (web) web.dispose();
    else if (assetsRoot) rmSync(assetsRoot, { recursive: true, force: true });
    schema.remove();
  }, 60_000);

  it('every dependency reports healthy on every process, directly and through nginx', async () => {
    for (const server of servers) {
      for (const [path, name] of [['db', 'database'], ['storage', 'storage'], ['storage/local', 'storage']] as const) {
        const reply = await direct(server, `/v1/health/${path}`);
        expectStatus(reply, 200, `${path} on ${server.port}`);
        expect(reply.json()).toMatchObject({ name, status: 'pass' });
      }
      for (const path of ['cache', 'pubsub']) {
        const reply = await direct(server, `/v1/health/${path}`);
        expect(reply.json()).toMatchObject({ total: 1, statuses: [{ name: 'redis', status: 'pass' }] });
      }
    }
    for (let round = 0; round < 3; round++) expectStatus(await via('/v1/health/storage'), 200, 'storage through nginx');
  });

  it('nginx redirects http to https, serves hashed assets with a year of immutable caching, compressed', async () => {
    const redirect = await httpCall(`http://127.0.0.1:${proxy.httpPort}/v1/health?x=1`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('https://127.0.0.1/v1/health?x=1');
    // A script with the compressed copies a site build leaves beside it (apps/web/vite/precompress.ts);
    // without a build, the stand-in script, which nginx compresses as it sends it.
    const built = readdirSync(join(assetsRoot, 'assets'));
    const asset = built.find((name) => name.endsWith('.js') && built.includes(`${name}.gz`) && built.includes(`${name}.br`)) ?? built.find((name) => name.endsWith('.js'))!;
    const gzip = await via(`/assets/${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expectStatus(gzip, 200, asset);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    if (proxy.brotli) {
      const brotli = await via(`/assets/${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(brotli.headers['content-encoding']).toBe('br');
    }
    // An asset this build lacks is asked of the servers (a rolling deploy), which answer for themselves.
    const elsewhere = await via('/assets/not-in-this-build-0000.js');
    expect(elsewhere.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
    // JSON from the servers is compressed on the way out too.
    const description = await via('/v1/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expectStatus(description, 200, 'openapi.json through nginx');
    expect(description.headers['content-encoding']).toBe('gzip');
  });

  it('a session made through one process works on the others, directly and through nginx', async () => {
    const email = `scale-${randomBytes(4).toString('hex')}@example.org`;
    const password = `pw-${randomBytes(8).toString('hex')}`;
    const created = await direct(servers[0]!, '/v1/account', { method: 'POST', headers: { ...guest, 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'unique()', email, password }), localAddress: freshLoopbackAddress() });
    expectStatus(created, 201, 'sign up on process 1');
    const signedIn = await direct(servers[1]!, '/v1/account/sessions/email', { method: 'POST', headers: { ...guest, 'content-type': 'application/json' }, body: JSON.stringify({ email, password }), localAddress: freshLoopbackAddress() });
    expectStatus(signedIn, 201, 'sign in on process 2');
    const cookie = (signedIn.headers['set-cookie'] ?? []).find((line) => line.startsWith(`a_session_${TEST_PROJECT}=`))!;
    const token = decodeURIComponent(cookie.split(';')[0]!.split('=').slice(1).join('='));
    const userId = created.json().$id;
    for (const server of servers) {
      const account = await direct(server, '/v1/account', { headers: sessionCookie(token) });
      expectStatus(account, 200, `account on ${server.port}`);
      expect(account.json().$id).toBe(userId);
    }
    for (let round = 0; round < 4; round++) {
      const account = await via('/v1/account', { headers: sessionCookie(token) });
      expectStatus(account, 200, 'account through nginx');
      expect(account.json().$id).toBe(userId);
    }
    // Signed out through nginx: no process accepts the session any more.
    expectStatus(await via('/v1/account/sessions/current', { method: 'DELETE', headers: sessionCookie(token) }), 204, 'sign out');
    for (const server of servers) expectStatus(await direct(server, '/v1/account', { headers: sessionCookie(token) }), 401, `signed out on ${server.port}`);
  });

  it('X-Forwarded-For is believed from nginx only, never from a client that connects directly', async () => {
    const spoofed = { ...guest, 'x-forwarded-for': '203.0.113.7' };
    for (const server of servers) {
      const reply = await direct(server, '/v1/locale', { headers: spoofed });
      expectStatus(reply, 200, 'locale');
      expect(reply.json().ip, `direct to ${server.port}`).toBe('127.0.0.1');
    }
    const client = freshLoopbackAddress();
    for (let round = 0; round < 3; round++) {
      const reply = await via('/v1/locale', { headers: spoofed, localAddress: client });
      expect(reply.json().ip, 'through nginx: the address nginx saw').toBe(client);
    }
  });

  it('guest abuse limits count across the processes (Redis), directly and through nginx', async () => {
    const address = freshLoopbackAddress();
    // Fresh connections from one address to each process in turn: one counter for all three.
    const statuses: number[] = [];
    for (let n = 0; n < GUEST_SEARCHES + 3; n++) statuses.push((await direct(servers[n % 3]!, searchPath(), { headers: guest, localAddress: address })).status);
    expect(statuses).toEqual([...Array<number>(GUEST_SEARCHES).fill(200), 429, 429, 429]);
    const throughProxy: number[] = [];
    const visitor = freshLoopbackAddress();
    for (let n = 0; n < GUEST_SEARCHES + 2; n++) throughProxy.push((await via(searchPath(), { headers: guest, localAddress: visitor })).status);
    expect(throughProxy).toEqual([...Array<number>(GUEST_SEARCHES).fill(200), 429, 429]);
  });

  it('a realtime event written through one process reaches sockets on the others, directly and through nginx', async () => {
    const query = `project=${TEST_PROJECT}&channels%5B%5D=documents`;
    const onSecond = new LiveSocket(`ws://127.0.0.1:${servers[1]!.port}/v1/realtime?${query}`);
    const onThird = new LiveSocket(`ws://127.0.0.1:${servers[2]!.port}/v1/realtime?${query}`);
    const throughProxy = new LiveSocket(`wss://127.0.0.1:${proxy.httpsPort}/v1/realtime?${query}`, { ca: proxy.ca });
    try {
      for (const socket of [onSecond, onThird, throughProxy]) await socket.frame((frame) => frame.type === 'connected');
      const documentId = `live${randomBytes(6).toString('hex')}`;
      expectStatus(await direct(servers[0]!, '/v1/databases/main/collections/regions/documents', { method: 'POST', headers: key, body: regionBody(documentId, 'Live Region') }), 201, 'create on process 1');
      for (const socket of [onSecond, onThird, throughProxy]) {
        const event = await socket.frame((frame) => frame.type === 'event' && frame.data.payload?.$id === documentId);
        expect(event.data.events).toContain(`databases.main.collections.regions.documents.${documentId}.create`);
      }
    } finally {
      for (const socket of [onSecond, onThird, throughProxy]) socket.close();
    }
  });

  it(`an editor's change is read on every process within the cache TTL (${CACHE_TTL_MS} ms)`, async () => {
    const email = `editor-${randomBytes(4).toString('hex')}@example.org`;
    const password = `pw-${randomBytes(8).toString('hex')}`;
    const user = await direct(servers[2]!, '/v1/account', { method: 'POST', headers: { ...guest, 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'unique()', email, password }), localAddress: freshLoopbackAddress() });
    expectStatus(user, 201, 'editor signs up');
    expectStatus(await direct(servers[1]!, '/v1/teams/editors/memberships', { method: 'POST', headers: key, body: JSON.stringify({ userId: user.json().$id, roles: ['editor'] }) }), 201, 'operator adds the editor');
    const session = await via('/v1/account/sessions/email', { method: 'POST', headers: { ...guest, 'content-type': 'application/json' }, body: JSON.stringify({ email, password }), localAddress: freshLoopbackAddress() });
    expectStatus(session, 201, 'editor signs in through nginx');
    const token = decodeURIComponent((session.headers['set-cookie'] ?? []).find((line) => line.startsWith(`a_session_${TEST_PROJECT}=`))!.split(';')[0]!.split('=').slice(1).join('='));
    const documentId = `edit${randomBytes(6).toString('hex')}`;
    const editor = { ...sessionCookie(token), 'content-type': 'application/json' };
    const before = `Before ${documentId}`;
    const after = `After ${documentId}`;
    expectStatus(await via('/v1/databases/main/collections/regions/documents', { method: 'POST', headers: editor, body: regionBody(documentId, before) }), 201, 'editor creates');
    for (const server of servers) expectStatus(await direct(server, `/v1/databases/main/collections/regions/documents/${documentId}`, { headers: guest }), 200, `read on ${server.port}`);
    // Each process's site has the old name in its reference cache now.
    if (web) for (const server of servers) expect((await direct(server, '/Regions')).text(), `page on ${server.port}`).toContain(before);
    const changed = Date.now();
    expectStatus(await via(`/v1/databases/main/collections/regions/documents/${documentId}`, { method: 'PATCH', headers: editor, body: JSON.stringify({ data: { name: after } }) }), 200, 'editor renames');
    for (const server of servers) {
      for (;;) {
        const read = await direct(server, `/v1/databases/main/collections/regions/documents/${documentId}`, { headers: guest });
        if (read.json().name === after) break;
        expect(Date.now() - changed, `process ${server.port} still reads the old name`).toBeLessThan(CACHE_TTL_MS);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    if (!web) return;
    const slowest: number[] = [];
    for (const server of servers) {
      for (;;) {
        const page = await direct(server, '/Regions');
        expectStatus(page, 200, `/Regions on ${server.port}`);
        if (page.text().includes(after)) break;
        // The TTL, plus one page render of slack (the poll and the render take time of their own).
        expect(Date.now() - changed, `the page of process ${server.port} still shows the old name`).toBeLessThan(CACHE_TTL_MS + 1_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      slowest.push(Date.now() - changed);
    }
    const page = await via('/Regions');
    expect(page.text()).toContain(after);
    console.info(`an editor's rename reached every process's /Regions page within ${Math.max(...slowest)} ms (reference cache TTL ${CACHE_TTL_MS} ms)`);
  });

  it('a 20 MB upload whose chunks go round robin to the three processes assembles with the right md5 and previews on each', { timeout: 120_000 }, async () => {
    // 20 MB (decimal, as Appwrite's preview limit of 20,000,000 bytes counts): the largest picture a preview is still rendered from.
    const side = 2_578;
    const picture = await sharp({ create: { width: side, height: side, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 }, background: { r: 0, g: 0, b: 0 } } }).png({ compressionLevel: 0 }).toBuffer();
    expect(picture.length).toBeGreaterThan(19_900_000);
    expect(picture.length).toBeLessThanOrEqual(PREVIEW_SIZE_LIMIT);
    const md5 = createHash('md5').update(picture).digest('hex');
    const chunks = Math.ceil(picture.length / CHUNK);
    /** Sends the picture as the SDKs do, one request per 5 MiB chunk, each where `send` puts it; the last answer. */
    const upload = async (fileId: string, send: (index: number, options: CallOptions) => Promise<CallResult>) => {
      let last: CallResult | undefined;
      for (let index = 0; index < chunks; index++) {
        const start = index * CHUNK;
        const end = Math.min(start + CHUNK, picture.length);
        const form = new FormData();
        form.append('fileId', fileId);
        form.append('file', new File([picture.subarray(start, end)], 'noise.png', { type: 'image/png' }));
        const request = new Request('http://form.invalid/', { method: 'POST', body: form });
        const body = new Uint8Array(await request.arrayBuffer());
        const headers: Record<string, string> = { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY, 'content-type': request.headers.get('content-type')!, 'content-range': `bytes ${start}-${end - 1}/${picture.length}` };
        if (index > 0) headers['x-appwrite-id'] = fileId;
        last = await send(index, { method: 'POST', headers, body, timeoutMs: 60_000 });
        expectStatus(last, 201, `chunk ${index} of ${fileId}`);
      }
      expect(last!.json()).toMatchObject({ $id: fileId, sizeOriginal: picture.length, chunksTotal: chunks, chunksUploaded: chunks });
    };
    const fileId = `big${randomBytes(6).toString('hex')}`;
    await upload(fileId, (index, options) => direct(servers[index % 3]!, '/v1/storage/buckets/media/files', options));
    for (const server of servers) {
      const download = await direct(server, `/v1/storage/buckets/media/files/${fileId}/download`, { headers: key, timeoutMs: 60_000 });
      expectStatus(download, 200, `download on ${server.port}`);
      expect(createHash('md5').update(download.body).digest('hex'), `md5 through ${server.port}`).toBe(md5);
      const preview = await direct(server, `/v1/storage/buckets/media/files/${fileId}/preview?width=160&output=png`, { headers: key, timeoutMs: 60_000 });
      expectStatus(preview, 200, `preview on ${server.port}`);
      expect((await sharp(preview.body).metadata()).width).toBe(160);
      // A render of the grey noise, not the placeholder tile a picture over the limit gets.
      const { channels } = await sharp(preview.body).stats();
      for (const channel of channels.slice(0, 3)) expect(Math.abs(channel.mean - 128), `preview on ${server.port} renders the picture`).toBeLessThan(12);
    }
    // Through nginx too: a whole chunk fits client_max_body_size, and nginx spreads the chunks itself.
    const viaProxy = `nginx${randomBytes(6).toString('hex')}`;
    await upload(viaProxy, (_index, options) => via('/v1/storage/buckets/media/files', options));
    const download = await via(`/v1/storage/buckets/media/files/${viaProxy}/download`, { headers: key, timeoutMs: 60_000 });
    expect(createHash('md5').update(download.body).digest('hex')).toBe(md5);
  });

  it('kill -9 of one process under write load: no acknowledged write is lost and nginx keeps answering from the other two', { timeout: 90_000 }, async () => {
    const acknowledged: string[] = [];
    const failures: { at: number; status: number }[] = [];
    const started = Date.now();
    const victim = servers[2]!;
    let killedAt = Number.POSITIVE_INFINITY;
    const loadMs = 8_000;
    const writer = async (writerId: number) => {
      for (let n = 0; Date.now() - started < loadMs; n++) {
        const documentId = `k${writerId}x${n}x${randomBytes(3).toString('hex')}`;
        const reply = await via('/v1/databases/main/collections/regions/documents', { method: 'POST', headers: key, body: regionBody(documentId, `Load ${writerId}/${n}`), timeoutMs: 15_000 }).catch(() => undefined);
        if (reply?.status === 201) acknowledged.push(documentId);
        else failures.push({ at: Date.now(), status: reply?.status ?? 0 });
      }
    };
    const killer = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      killedAt = Date.now();
      await victim.stop('SIGKILL');
    })();
    await Promise.all([...Array.from({ length: 6 }, (_, writerId) => writer(writerId)), killer]);
    expect(victim.running()).toBe(false);
    const afterKill = failures.filter((failure) => failure.at > killedAt + 1_000);
    expect(afterKill, 'writes failing more than 1 s after the kill').toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(50);
    // Every acknowledged write is there, on both survivors.
    for (const server of servers.slice(0, 2)) {
      const missingIds: string[] = [];
      for (let offset = 0; offset < acknowledged.length; offset += 100) {
        const ids = acknowledged.slice(offset, offset + 100);
        const query = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: '$id', values: ids }));
        const limit = encodeURIComponent(JSON.stringify({ method: 'limit', values: [100] }));
        const page = await direct(server, `/v1/databases/main/collections/regions/documents?queries%5B0%5D=${query}&queries%5B1%5D=${limit}`, { headers: key });
        expectStatus(page, 200, 'list acknowledged');
        const found = new Set((page.json().documents as { $id: string }[]).map((document) => document.$id));
        missingIds.push(...ids.filter((id) => !found.has(id)));
      }
      expect(missingIds, `acknowledged writes missing on ${server.port}`).toEqual([]);
    }
    // Reads keep answering through nginx, which passes over the dead process.
    for (let round = 0; round < 12; round++) expectStatus(await via('/v1/health/db'), 200, 'health through nginx after the kill');
    console.info(`kill -9 under load: ${acknowledged.length} writes acknowledged, ${failures.length} failed (${failures.filter((failure) => failure.at <= killedAt + 1_000).length} around the kill)`);
  });
});
