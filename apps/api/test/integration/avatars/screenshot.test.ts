// /avatars/screenshots renders a page in headless Chromium. Pages come from a local site (allowed
// through AVATARS_ALLOWED_HOSTS, as tests must); a second local server stands for the inside of the
// network: nothing may reach it, neither the URL, a redirect, nor a picture the page embeds.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Avatars, BrowserTheme, Client, ImageFormat, Timezone } from 'appwrite28';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium } from '../../../../../tests/e2e/support/ensure-chromium.ts';
import { ScreenshotBrowser } from '../../../src/services/avatars/screenshot-browser.ts';
import { CaptureError, capturePage } from '../../../src/services/avatars/screenshot-capture.ts';
import { startGuardProxy, type GuardProxy } from '../../../src/services/avatars/screenshot-proxy.ts';
import { useTestServer } from '../../support/scenario.ts';
import { TEST_PROJECT, type TestServer } from '../../support/test-server.ts';

const LIGHT = '#1e90ff';
const DARK = '#203040';
const TOKYO = '#2e8b57';
const TOP = '#ff0000';
const BOTTOM = '#00ff00';

interface LocalServer {
  origin: string;
  host: string;
  hits: string[];
  headers: Map<string, IncomingMessage['headers']>;
  close(): Promise<void>;
}

async function listen(handle: (request: IncomingMessage, response: ServerResponse, server: LocalServer) => void): Promise<LocalServer> {
  const hanging = new Set<ServerResponse>();
  const local: LocalServer = { origin: '', host: '', hits: [], headers: new Map(), close: async () => {} };
  const server: Server = createServer((request, response) => {
    local.hits.push(request.url ?? '');
    local.headers.set(request.url ?? '', request.headers);
    handle(request, response, local);
    if (!response.writableEnded) hanging.add(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  local.host = `127.0.0.1:${port}`;
  local.origin = `http://${local.host}`;
  local.close = () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return local;
}

function html(response: ServerResponse, body: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><meta charset="utf-8"></head>${body}</html>`);
}

const inside = await listen((_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end());
const site = await listen((request, response) => {
  const path = request.url ?? '/';
  if (path === '/') return html(response, `<style>body{margin:0;background:${LIGHT}} @media (prefers-color-scheme: dark){body{background:${DARK}}}</style><body></body>`);
  if (path === '/tall') return html(response, `<style>body{margin:0} div{height:1500px}</style><body><div style="background:${TOP}"></div><div style="background:${BOTTOM}"></div></body>`);
  if (path.startsWith('/zone')) return html(response, `<body style="margin:0"><script>document.body.style.background = Intl.DateTimeFormat().resolvedOptions().timeZone === 'Asia/Tokyo' ? '${TOKYO}' : '#000000'</script></body>`);
  if (path === '/embeds-inside') return html(response, `<body style="margin:0;background:${LIGHT}"><img src="${inside.origin}/secret.png"><script src="${inside.origin}/secret.js"></script></body>`);
  if (path === '/redirect-inside') return void response.writeHead(302, { location: `${inside.origin}/secret` }).end();
  if (path === '/redirect-metadata') return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
  if (path === '/slow') return; // never answers
  if (path === '/big') return void response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.alloc(64 * 1024));
  response.writeHead(404).end();
});
afterAll(async () => {
  await site.close();
  await inside.close();
});

beforeAll(() => {
  process.env['CHROMIUM_PATH'] ??= ensureChromium();
});

interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  error: { type?: string; message?: string; code?: number } | null;
}

async function screenshot(server: TestServer, query: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${server.endpoint}/avatars/screenshots?${new URLSearchParams({ ...query, project: TEST_PROJECT })}`);
  const body = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  return { status: response.status, headers: response.headers, body, error: json ? JSON.parse(body.toString()) : null };
}

async function pixel(image: Buffer, left: number, top: number): Promise<string> {
  const rgb = await sharp(image).extract({ left, top, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
  return `#${rgb.toString('hex')}`;
}

/** JPEG shifts colours a little. */
function expectNear(actual: string, expected: string): void {
  const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  const [a, b] = [channels(actual), channels(expected)];
  expect(a.every((value, index) => Math.abs(value - b[index]!) <= 8), `${actual} ≈ ${expected}`).toBe(true);
}

function expectRefused(answer: Answer): void {
  expect(answer.status, answer.body.toString().slice(0, 300)).toBe(404);
  expect(answer.error?.type).toBe('avatar_remote_url_failed');
}

describe('avatars.getScreenshot', () => {
  const server = useTestServer('sqlite', { env: { AVATARS_ALLOWED_HOSTS: site.host, AVATARS_FETCH_TIMEOUT_MS: '4000' } });

  it('captures the viewport as a 1280×720 PNG by default, kept 30 days by the asker only', async () => {
    const answer = await screenshot(server(), { url: `${site.origin}/` });
    expect(answer.status, answer.body.toString().slice(0, 300)).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('cache-control')).toBe('private, max-age=2592000');
    const metadata = await sharp(answer.body).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1280, 720]);
    expect(await pixel(answer.body, 640, 360)).toBe(LIGHT);
  });

  it('theme=dark, a small viewport, cropped to width×height and re-encoded as JPEG', async () => {
    const answer = await screenshot(server(), { url: `${site.origin}/`, theme: 'dark', viewportWidth: '400', viewportHeight: '300', width: '200', height: '100', output: 'jpeg', quality: '90' });
    expect(answer.status, answer.body.toString().slice(0, 300)).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    const metadata = await sharp(answer.body).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 200, 100]);
    expectNear(await pixel(answer.body, 100, 50), DARK);
  });

  it('fullpage captures the whole scrollable page, at the scale asked', async () => {
    const answer = await screenshot(server(), { url: `${site.origin}/tall`, fullpage: 'true', viewportWidth: '300', viewportHeight: '200', scale: '0.5' });
    expect(answer.status, answer.body.toString().slice(0, 300)).toBe(200);
    const metadata = await sharp(answer.body).metadata();
    expect([metadata.width, metadata.height]).toEqual([150, 1500]);
    expect(await pixel(answer.body, 75, 10)).toBe(TOP);
    expect(await pixel(answer.body, 75, 1490)).toBe(BOTTOM);
    const viewportOnly = await sharp((await screenshot(server(), { url: `${site.origin}/tall`, viewportWidth: '300', viewportHeight: '200' })).body).metadata();
    expect([viewportOnly.width, viewportOnly.height]).toEqual([300, 200]);
  });

  it('sends the headers asked for and runs the page in the timezone asked (case-insensitive)', async () => {
    const answer = await screenshot(server(), { url: `${site.origin}/zone`, timezone: 'asia/tokyo', headers: JSON.stringify({ 'X-Ballot-Test': 'yes' }), viewportWidth: '50', viewportHeight: '50' });
    expect(answer.status, answer.body.toString().slice(0, 300)).toBe(200);
    expect(await pixel(answer.body, 25, 25)).toBe(TOKYO);
    expect(site.headers.get('/zone')?.['x-ballot-test']).toBe('yes');
    // PHP's form of an object in a query string, which Appwrite reads too: `headers[Name]=value`.
    const bracketed = await screenshot(server(), { url: `${site.origin}/zone?bracketed`, 'headers[X-Ballot-Form]': 'bracketed', viewportWidth: '50', viewportHeight: '50' });
    expect(bracketed.status, bracketed.body.toString().slice(0, 300)).toBe(200);
    expect(site.headers.get('/zone?bracketed')?.['x-ballot-form']).toBe('bracketed');
  });

  it('refuses loopback without the allowance and the metadata address, before any browser work', async () => {
    for (const url of [`${inside.origin}/secret`, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://10.0.0.1/']) {
      const started = performance.now();
      expectRefused(await screenshot(server(), { url }));
      expect(performance.now() - started).toBeLessThan(1000);
    }
    expect(inside.hits).toEqual([]);
  });

  it('a page embedding a picture and a script from a private address is captured without them reaching it', async () => {
    const answer = await screenshot(server(), { url: `${site.origin}/embeds-inside`, viewportWidth: '100', viewportHeight: '100' });
    expect(answer.status, answer.body.toString().slice(0, 300)).toBe(200);
    expect(await pixel(answer.body, 90, 90)).toBe(LIGHT);
    expect(inside.hits).toEqual([]);
  });

  it('a redirect into a private or metadata address is refused without reaching it', async () => {
    expectRefused(await screenshot(server(), { url: `${site.origin}/redirect-inside` }));
    expectRefused(await screenshot(server(), { url: `${site.origin}/redirect-metadata` }));
    expect(site.hits).toContain('/redirect-inside');
    expect(inside.hits).toEqual([]);
  });

  it('a page that does not load in time is avatar_remote_url_failed', async () => {
    const started = performance.now();
    const answer = await screenshot(server(), { url: `${site.origin}/slow` });
    expectRefused(answer);
    expect(answer.error?.message).toMatch(/did not load within 4 s/);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("Appwrite's ranges and lists: 400 with nothing captured", async () => {
    const base = { url: `${site.origin}/` };
    const invalid: Record<string, string>[] = [
      { url: 'ftp://example.com' },
      { ...base, viewportWidth: '0' },
      { ...base, viewportHeight: '1081' },
      { ...base, scale: '0.05' },
      { ...base, theme: 'sepia' },
      { ...base, sleep: '11' },
      { ...base, width: '2001' },
      { ...base, quality: '-2' },
      { ...base, output: 'bmp' },
      { ...base, timezone: 'Mars/Olympus' },
      { ...base, permissions: 'teleport' },
      { ...base, userAgent: 'A'.repeat(513) },
      { ...base, headers: '["a","b"]' },
    ];
    const before = site.hits.length;
    for (const query of invalid) {
      const answer = await screenshot(server(), query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.error?.type).toBe('general_argument_invalid');
    }
    expect(site.hits.length).toBe(before);
  });

  it('through SDK 28: getScreenshot builds a URL the server answers with the picture', async () => {
    const client = new Client().setEndpoint(server().endpoint).setProject(TEST_PROJECT);
    const url = new Avatars(client).getScreenshot({ url: `${site.origin}/`, theme: BrowserTheme.Dark, viewportWidth: 320, viewportHeight: 240, timezone: Timezone.EuropeLondon, output: ImageFormat.Webp, width: 160, height: 0 });
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const body = Buffer.from(await response.arrayBuffer());
    const metadata = await sharp(body).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 160, 120]);
    expectNear(await pixel(body, 80, 60), DARK);
  });
});

describe('without Chromium', () => {
  it('a capture fails as unavailable instead of crashing, and the server keeps no browser', async () => {
    const browser = new ScreenshotBrowser({ locate: () => undefined });
    const limits = { allowedHosts: [site.host], timeoutMs: 2000, maxPageBytes: 1_000_000, maxPixels: 1_000_000 };
    const request = { url: `${site.origin}/`, headers: {}, viewport: { width: 100, height: 100 }, scale: 1, theme: 'light', fullPage: false, hasTouch: false, permissions: [], sleepMs: 0 } as const;
    const failure = await capturePage(browser, request, limits).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CaptureError);
    expect((failure as CaptureError).reason).toBe('unavailable');
    expect((failure as CaptureError).message).toMatch(/no Chromium/);
    await browser.close();
  });
});

/** One request through the guard proxy: a plain GET (absolute URL) or a CONNECT; the status, or 'cut' when the connection ended without one. */
function throughProxy(proxy: GuardProxy, method: 'GET' | 'CONNECT', target: string, credentials = true): Promise<{ status: number | 'cut'; bytes: number }> {
  const { port } = new URL(proxy.server);
  const authorization = credentials ? { 'proxy-authorization': `Basic ${Buffer.from(`${proxy.username}:${proxy.password}`).toString('base64')}` } : {};
  return new Promise((resolve) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port: Number(port), method, path: target, headers: { ...authorization, ...(method === 'CONNECT' ? { host: target } : {}) } });
    outgoing.on('connect', (answer, socket) => {
      socket.destroy();
      resolve({ status: answer.statusCode ?? 0, bytes: 0 });
    });
    outgoing.on('response', (answer) => {
      let bytes = 0;
      answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, bytes }));
      answer.on('error', () => resolve({ status: 'cut', bytes }));
      answer.on('aborted', () => resolve({ status: 'cut', bytes }));
    });
    outgoing.on('error', () => resolve({ status: 'cut', bytes: 0 }));
    outgoing.end();
  });
}

describe('the guard proxy every capture goes through', () => {
  it('asks for its credentials, refuses inside addresses (plain and tunnelled) and cuts a page past its byte limit', async () => {
    const proxy = await startGuardProxy({ allowedHosts: [site.host], maxBytes: 16 * 1024 });
    try {
      expect((await throughProxy(proxy, 'GET', `${site.origin}/`, false)).status).toBe(407);
      expect((await throughProxy(proxy, 'GET', `${site.origin}/`)).status).toBe(200);
      expect((await throughProxy(proxy, 'GET', `${inside.origin}/secret`)).status).toBe('cut');
      expect((await throughProxy(proxy, 'CONNECT', inside.host)).status).toBe(403);
      expect((await throughProxy(proxy, 'CONNECT', '169.254.169.254:443')).status).toBe(403);
      expect(proxy.refusals).toBe(3);
      expect(inside.hits).toEqual([]);
      const big = await throughProxy(proxy, 'GET', `${site.origin}/big`);
      expect(big.bytes).toBeLessThan(64 * 1024);
      expect(proxy.overLimit).toBe(true);
    } finally {
      await proxy.close();
    }
  });
});
