/**
 * Compressed responses on the one-process server (`npm start`, no proxy in front): built files come
 * from the Brotli or gzip copy made at build time, pages and their data are compressed as they are
 * sent, each says `Vary: Accept-Encoding`, and what arrives decompresses to exactly what an
 * uncompressed request gets. API JSON above 1 KB is compressed too; the site's own calls to the API
 * ask for it uncompressed (they are on loopback).
 */
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { modulesOfPage } from '../../apps/web/app/lib/page-bootstrap.server.ts';
import { baseUrl, DESKTOP_UA, e2e } from './support/browser.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as sent (fetch() would decompress them and hide what travelled). */
function rawGet(path: string, acceptEncoding?: string, extra: Record<string, string> = {}): Promise<RawResponse> {
  const headers: Record<string, string> = { 'user-agent': DESKTOP_UA, ...extra };
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
  return new Promise((resolve, reject) => {
    get(new URL(path, baseUrl()), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

const decode = (response: RawResponse): Buffer => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body);
  if (encoding === 'gzip') return gunzipSync(response.body);
  return response.body;
};

const varies = (response: RawResponse): string[] =>
  String(response.headers['vary'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

let scriptPath = '';
let stylesheetPath = '';

beforeAll(async () => {
  const page = decode(await rawGet('/', 'br'));
  const html = page.toString('utf8');
  scriptPath = modulesOfPage(html).find((module) => /^\/assets\/entry\.client-[^/]+\.js$/.test(module)) ?? '';
  stylesheetPath = /<link[^>]* rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1] ?? '';
  expect(scriptPath, 'the home page loads the entry script').not.toBe('');
  expect(stylesheetPath, 'the home page links its stylesheet').not.toBe('');
});

describe('built files', () => {
  it('are sent from their Brotli copy, or gzip, or as they are, each the same bytes once decoded', async () => {
    const plain = await rawGet(scriptPath);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, expected] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip']] as const) {
      const response = await rawGet(scriptPath, accept);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(varies(response)).toContain('accept-encoding');
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.body.length).toBeLessThan(plain.body.length / 3);
      expect(decode(response).equals(plain.body)).toBe(true);
    }
  });

  it('the stylesheet too', async () => {
    const plain = await rawGet(stylesheetPath);
    const response = await rawGet(stylesheetPath, 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(decode(response).equals(plain.body)).toBe(true);
  });

  it('a missing chunk is still a 404, whatever the browser accepts', async () => {
    expect((await rawGet('/assets/entry.client-00000000.js', 'br')).status).toBe(404);
  });
});

describe('pages and their data', () => {
  it('a page is compressed as it is sent, and varies by cookie and encoding', async () => {
    const response = await rawGet('/Regions', 'br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varies(response)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
    const html = decode(response).toString('utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('</html>');
  });

  it('gzip for a browser that takes only gzip; none for one that takes none', async () => {
    const gzipped = await rawGet('/Regions', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(decode(gzipped).toString('utf8')).toContain('</html>');
    const plain = await rawGet('/Regions', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain('</html>');
  });

  it('the data a client-side navigation fetches is compressed too', async () => {
    const response = await rawGet('/Regions.data', 'br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(decode(response).length).toBeGreaterThan(response.body.length);
  });
});

describe('the API', () => {
  it('compresses JSON above 1 KB for a client that accepts it, and not a short answer', async () => {
    const path = '/v1/databases/main/collections/regions/documents';
    const headers = { 'x-appwrite-project': e2e().projectId };
    const [compressed, plain] = await Promise.all([rawGet(path, 'gzip, br', headers), rawGet(path, undefined, headers)]);
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(decode(compressed).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    const short = await rawGet(`${path}/no-such-region`, 'gzip, br', headers);
    expect(short.status).toBe(404);
    expect(short.body.length).toBeLessThan(1024);
    expect(short.headers['content-encoding']).toBeUndefined();
  });
});
