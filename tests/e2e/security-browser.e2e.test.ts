/**
 * The hardened site in real Chromium (issue 11, item 5): the main pages run under their
 * Content-Security-Policy with nothing blocked (a `securitypolicyviolation` listener and the
 * console), hydrated and interactive; another site's form cannot post to ours, with or without
 * JavaScript, while our own forms still work both ways; and an uploaded SVG carrying a script
 * never runs when opened through its /v1 address.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { submitPassword, uniqueEmail } from './support/account.ts';
import { q } from './support/api.ts';
import { api, baseUrl, closeBrowser, consoleProblems, DESKTOP_UA, e2e, formatConsole, getBrowser, newContext, open, waitForHydration, watchConsole, type ContextOptions } from './support/browser.ts';
import { CONSOLE, createMember } from './support/teams.ts';

const contexts: BrowserContext[] = [];

let addresses = 0;

/**
 * A browser context of its own, from an address of its own (X-Forwarded-For, believed from the
 * loopback proxy): the per-address limits of the contact form and sign-in are the other test
 * files' to use.
 */
async function freshContext(options: ContextOptions & { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context =
    options.javaScriptEnabled === false
      ? await (await getBrowser()).newContext({ baseURL: baseUrl(), javaScriptEnabled: false, userAgent: DESKTOP_UA, viewport: { width: 1280, height: 800 } })
      : await newContext(options);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${100 + (addresses++ % 100)}` });
  contexts.push(context);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`));
  });
  return context;
}

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(closeBrowser);

const violations = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/** No CSP report from the page or the console, and the colour-mode script (inline, nonce'd) ran. */
async function expectNoViolations(page: Page, log: ReturnType<typeof watchConsole>, label: string): Promise<void> {
  expect(await violations(page), `${label}: securitypolicyviolation events`).toEqual([]);
  const csp = log.filter((entry) => /Content.Security.Policy|Refused to (load|execute|apply|connect|frame)/i.test(entry.text));
  expect(formatConsole(csp), `${label}: CSP messages in the console`).toBe('');
  expect(formatConsole(consoleProblems(log)), `${label}: console problems`).toBe('');
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-color-mode')), `${label}: the inline colour-mode script ran`).not.toBeNull();
}

const discovered = (kind: string): string => {
  const page = e2e().discovery.pages.find((found) => found.kind === kind);
  if (!page) throw new Error(`the discovery found no ${kind} page`);
  return new URL(page.url, baseUrl()).pathname;
};

describe('the main pages run under the CSP with nothing blocked', () => {
  it.each(['/', '/eventCalendar', '/eventCalendar?view=list', '/signin', '/Contact', '/Regions'])('%s', async (path) => {
    const page = await (await freshContext()).newPage();
    const log = watchConsole(page);
    expect(await open(page, path)).toBe(200);
    await expectNoViolations(page, log, path);
  });

  it('search, with suggestions as one types', async () => {
    const page = await (await freshContext()).newPage();
    const log = watchConsole(page);
    await open(page, '/search');
    const input = page.locator('header').locator('[role="combobox"], input[type="search"], input[name="q"]').first();
    const region = await api().first('regions');
    await input.fill(String(region!['name']).slice(0, 4));
    await page.locator('[role="listbox"] [role="option"]').first().waitFor();
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.has('q'));
    await waitForHydration(page);
    await expectNoViolations(page, log, 'search');
  });

  it('a candidate page: its pictures and QR code load, "Copy link" works', async () => {
    const context = await freshContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const page = await context.newPage();
    const log = watchConsole(page);
    expect(await open(page, discovered('candidate'))).toBe(200);
    const qr = page.locator('img[src*="/v1/avatars/qr"]').first();
    await qr.scrollIntoViewIfNeeded();
    await expect.poll(() => qr.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)).toBe(true);
    await page.getByRole('button', { name: /copy/i }).first().click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('/candidate/');
    await expectNoViolations(page, log, 'candidate');
  });

  it('the console, as an editor', async () => {
    const email = uniqueEmail('csp-editor');
    await createMember({ email, name: 'Cyprian Csp' }, 'editor');
    const page = await (await freshContext()).newPage();
    const log = watchConsole(page);
    await submitPassword(page, email);
    await page.waitForURL((url) => url.pathname === '/activeUserProfile');
    for (const path of [CONSOLE, `${CONSOLE}/candidates`, `${CONSOLE}/parties/new`]) {
      expect(await open(page, path), path).toBe(200);
      await expectNoViolations(page, log, path);
    }
  });
});

describe('CSRF in the browser: another site cannot post our forms; ours still can', () => {
  /**
   * Another site: a server of its own on another port, reached as `localhost` (another site than
   * `127.0.0.1` to the browser, yet loopback, so Chromium's Private Network Access lets its
   * requests reach us). Its page has a form aimed at our /Contact and a script that posts it with
   * fetch.
   */
  let evilSite: Server;
  let evilOrigin = '';

  beforeAll(async () => {
    evilSite = createServer((request, response) => {
      const name = new URL(request.url ?? '/', 'http://x').searchParams.get('name') ?? '';
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Evil</title>
<form method="post" action="${baseUrl()}/Contact">
  <input name="name" value="${name.replace(/[^\w -]/g, '')}"><input name="email" value="evil@example.org"><input name="subject" value="Forged">
  <textarea name="message">A message another site sent in the visitor's name.</textarea><button>Send</button>
</form>
<script>window.forge = () => fetch(${JSON.stringify(`${baseUrl()}/Contact`)}, { method: 'POST', mode: 'no-cors', credentials: 'include', body: new URLSearchParams(new FormData(document.forms[0])) }).then(() => 'sent', (error) => String(error));</script>`);
    });
    await new Promise<void>((resolve) => evilSite.listen(0, resolve));
    evilOrigin = `http://localhost:${(evilSite.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => evilSite?.close(resolve));
  });

  async function evilPage(context: BrowserContext, name: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${evilOrigin}/?name=${encodeURIComponent(name)}`);
    return page;
  }

  const stored = async (name: string): Promise<number> => (await api().list('contact_messages', [q.equal('name', name)])).total;

  it('without JavaScript: the forged form post is refused, and nothing is stored', async () => {
    const name = `Forged no-JS ${Date.now().toString(36)}`;
    const page = await evilPage(await freshContext({ javaScriptEnabled: false }), name);
    const [response] = await Promise.all([page.waitForResponse((response) => response.url() === `${baseUrl()}/Contact`), page.getByRole('button', { name: 'Send' }).click()]);
    expect([400, 403]).toContain(response.status());
    expect(await stored(name)).toBe(0);
  });

  it('with JavaScript: the forged fetch is refused, and nothing is stored', async () => {
    const name = `Forged JS ${Date.now().toString(36)}`;
    const context = await freshContext();
    const page = await evilPage(context, name);
    const [failed, outcome] = await Promise.all([
      context.waitForEvent('requestfailed', (request) => request.url() === `${baseUrl()}/Contact`),
      page.evaluate(() => (window as unknown as { forge(): Promise<string> }).forge()),
    ]);
    // The site answered (and refused: nothing is stored), and Cross-Origin-Resource-Policy kept
    // even that answer from the other site's script.
    expect(failed.failure()?.errorText).toContain('ERR_BLOCKED_BY_RESPONSE');
    expect(outcome).toContain('Failed to fetch');
    expect(await stored(name)).toBe(0);
  });

  it.each([true, false])('our own contact form, JavaScript %s: sent and stored', async (javaScriptEnabled) => {
    const name = `Own form ${javaScriptEnabled ? 'JS' : 'no-JS'} ${Date.now().toString(36)}`;
    const page = await (await freshContext({ javaScriptEnabled })).newPage();
    await open(page, '/Contact', { hydrate: javaScriptEnabled });
    const form = page.locator('main form').first();
    await form.getByLabel(/name/i).first().fill(name);
    await form.getByLabel(/e-?mail/i).first().fill('own@example.org');
    await form.getByLabel(/subject/i).first().fill('Our own form');
    await form.getByLabel(/message/i).first().fill('A message from this very site.');
    await form.getByRole('button', { name: /send|submit/i }).first().click();
    await expect.poll(() => stored(name), { timeout: 15_000 }).toBe(1);
  });
});

describe('an uploaded SVG with a script never runs as the site', () => {
  it('served from /v1 as a download with nosniff and a sandbox; opened in the browser, its script does not run', async () => {
    const { url, apiKey, projectId } = e2e();
    const marker = `/svg-script-ran-${Date.now().toString(36)}`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>fetch('${marker}');document.title='PWNED'</script><rect width="10" height="10"/></svg>`;
    // The media bucket takes pictures only; an SVG named like one is the way in an attacker would try.
    const body = new FormData();
    body.set('fileId', 'unique()');
    body.set('file', new Blob([svg], { type: 'image/svg+xml' }), 'evil.png');
    const created = await fetch(`${url}/v1/storage/buckets/media/files`, { method: 'POST', headers: { 'X-Appwrite-Project': projectId, 'X-Appwrite-Key': apiKey }, body });
    expect(created.status).toBe(201);
    const file = (await created.json()) as { $id: string };
    const viewUrl = `${url}/v1/storage/buckets/media/files/${file.$id}/view?project=${projectId}`;

    const head = await fetch(viewUrl, { headers: { 'X-Appwrite-Key': apiKey } });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-content-type-options')).toBe('nosniff');
    expect(head.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(head.headers.get('content-type')).not.toMatch(/svg|html|xml/);
    expect(head.headers.get('content-security-policy')).toMatch(/sandbox|script-src 'none'/);

    const context = await freshContext();
    const ran: string[] = [];
    context.on('request', (request) => {
      if (request.url().includes(marker)) ran.push(request.url());
    });
    const page = await context.newPage();
    // A download is not a page: the navigation ends without a document (Playwright reports it as such).
    const navigation = await page.goto(viewUrl).then(
      () => 'rendered',
      (error: Error) => error.message,
    );
    await page.waitForTimeout(500);
    expect(ran, `the SVG's script fetched ${marker}`).toEqual([]);
    expect(await page.title().catch(() => '')).not.toBe('PWNED');
    expect(navigation).toMatch(/download|rendered/i);
    // As a picture on one of our pages (an <img>), a script never runs either.
    const site = await context.newPage();
    await open(site, '/');
    await site.evaluate((src) => new Promise((resolve) => {
      const image = document.createElement('img');
      image.onload = image.onerror = resolve;
      image.src = src;
      document.body.append(image);
    }), viewUrl);
    expect(ran).toEqual([]);
    await fetch(`${url}/v1/storage/buckets/media/files/${file.$id}`, { method: 'DELETE', headers: { 'X-Appwrite-Project': projectId, 'X-Appwrite-Key': apiKey } });
  });
});
