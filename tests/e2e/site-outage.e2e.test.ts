/**
 * Issue 11 item 4, the site's half: while the database is unreachable (PostgreSQL behind a proxy
 * that drops and refuses every connection, as a restart does), pages that need data answer 503
 * with the site's own error page — the seed's "{status} ERROR", its chrome, no stack trace, no
 * driver message — and the same pages are back alone once the database is. E2E_SCREENSHOTS=dir
 * saves what the visitor sees.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import pg from 'pg';
import { candidatePath, NATIONAL_LOCATION } from '../../apps/web/app/lib/urls.ts';
import { startTcpProxy, type TcpProxy } from '../../apps/api/test/support/tcp-proxy.ts';
import { POSTGRES_URL, postgresAvailable } from '../../apps/api/test/support/test-server.ts';
import { DESKTOP_UA } from './support/browser.ts';
import { startE2EServer, type E2EServer } from './support/server.ts';
import { CHROMIUM_ARGS, ensureChromium } from './support/ensure-chromium.ts';

const available = await postgresAvailable();
const schema = `e2e_outage_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const RECOVERY_BOUND_MS = 10_000;

/** What must never reach a visitor, whatever failed. */
const LEAKS = /\bat [\w.<>]+ \(|node:internal|ECONNREFUSED|ECONNRESET|Connection terminated|pg-pool|postgres:\/\/|SqliteError|general_service_unavailable/;

describe.runIf(available)('the site while its database is down [postgres]', () => {
  let proxy: TcpProxy;
  let server: E2EServer;
  let candidatePage: string;

  beforeAll(async () => {
    const target = new URL(POSTGRES_URL);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(POSTGRES_URL);
    viaProxy.port = String(proxy.port);
    server = await startE2EServer(() => {}, { DATABASE_URL: viaProxy.href, DATABASE_SCHEMA: schema, DATABASE_CONNECT_TIMEOUT_MS: '1000' });
    const list = await fetch(`${server.url}/v1/databases/main/collections/candidates/documents?queries[0]=${encodeURIComponent('{"method":"limit","values":[1]}')}`, {
      headers: { 'X-Appwrite-Project': server.projectId, 'X-Appwrite-Key': server.apiKey },
    });
    const first = ((await list.json()) as { documents: { $id: string }[] }).documents[0]!;
    candidatePage = candidatePath(first.$id, NATIONAL_LOCATION);
  }, 180_000);

  afterAll(async () => {
    await proxy?.setMode('forward');
    await server?.close();
    await proxy?.close();
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  const pages = () => ['/Regions', '/political-parties', candidatePage];
  // Bots get a failed page's status without the page (seed §2); Node's fetch counts as one.
  const visit = (path: string) => fetch(server.url + path, { headers: { 'User-Agent': DESKTOP_UA } });

  it('answers 503 with the site error page, never a stack, and is back alone when the database is', async () => {
    for (const path of pages()) expect((await visit(path)).status, `${path} before the outage`).toBe(200);
    await proxy.setMode('refuse');
    try {
      for (const path of pages()) {
        const response = await visit(path);
        const html = await response.text();
        expect(response.status, `${path} during the outage`).toBe(503);
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        expect(html).toMatch(/503(<!-- -->)? ERROR/);
        expect(html).toMatch(/<header[\s>]/);
        expect(html, `${path}: nothing of the failure reaches the visitor`).not.toMatch(LEAKS);
      }
      const browser = await chromium.launch({ executablePath: ensureChromium(() => {}), args: CHROMIUM_ARGS });
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, userAgent: DESKTOP_UA });
        const response = await page.goto(server.url + candidatePage);
        expect(response?.status()).toBe(503);
        await expect.poll(() => page.locator('h1').innerText()).toBe('503 ERROR');
        expect(await page.getByRole('link', { name: 'Go Home' }).count()).toBeGreaterThan(0);
        const screenshots = process.env['E2E_SCREENSHOTS'];
        if (screenshots) {
          mkdirSync(screenshots, { recursive: true });
          await page.screenshot({ path: join(screenshots, 'site-outage-503.png'), fullPage: true });
        }
      } finally {
        await browser.close();
      }
    } finally {
      await proxy.setMode('forward');
    }
    const healedAt = Date.now();
    for (const path of pages()) {
      let status = 0;
      while (Date.now() - healedAt < RECOVERY_BOUND_MS) {
        status = (await visit(path)).status;
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status, `${path} after the database is back`).toBe(200);
    }
    console.log(`site pages back ${Date.now() - healedAt} ms after the database`);
  }, 120_000);
});
