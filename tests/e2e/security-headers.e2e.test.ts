/**
 * Hardened responses on the site (issue 11, item 5): the headers of every route kind — pages,
 * the two 404s, the error page, the console as an editor, feeds, sitemap, robots, files — a
 * nonce-based Content-Security-Policy on every HTML page whose nonce every inline script carries,
 * HSTS only behind HTTPS, and CSRF: every form action refuses a cross-site submission and takes a
 * same-origin one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { modulesOfPage } from '../../apps/web/app/lib/page-bootstrap.server.ts';
import { uniqueEmail } from './support/account.ts';
import { q } from './support/api.ts';
import { api, baseUrl, e2e, siteFetch } from './support/browser.ts';
import { CONSOLE, createMember, sessionCookieOf } from './support/teams.ts';

type Directives = Map<string, string[]>;

function parseCsp(header: string | null): Directives {
  const directives: Directives = new Map();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

const discovered = (kind: string): string => {
  const page = e2e().discovery.pages.find((found) => found.kind === kind);
  if (!page) throw new Error(`the discovery found no ${kind} page`);
  return new URL(page.url, baseUrl()).pathname;
};

let editorCookie = '';
let assetPath = '';

beforeAll(async () => {
  const email = uniqueEmail('headers-editor');
  await createMember({ email, name: 'Hedda Headers' }, 'editor');
  editorCookie = await sessionCookieOf(email);
  const html = await (await siteFetch('/')).text();
  assetPath = modulesOfPage(html)[0] ?? '';
});

/** Every response of the site, page or file. */
function expectSiteHeaders(response: Response, label: string, referrerPolicy = 'strict-origin-when-cross-origin'): void {
  const headers = response.headers;
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('x-frame-options'), label).toBe('DENY');
  expect(headers.get('referrer-policy'), label).toBe(referrerPolicy);
  expect(headers.get('cross-origin-opener-policy'), label).toBe('same-origin');
  expect(headers.get('cross-origin-resource-policy'), label).toBe('same-origin');
  const permissions = headers.get('permissions-policy') ?? '';
  for (const feature of ['geolocation=(self)', 'camera=()', 'microphone=()', 'payment=()', 'usb=()']) expect(permissions, label).toContain(feature);
  // Plain HTTP here: HSTS would be a lie (see the HTTPS test below).
  expect(headers.get('strict-transport-security'), label).toBeNull();
}

/** An HTML page: the strict policy, and its nonce on every script the page carries. */
async function expectPagePolicy(response: Response, label: string): Promise<string> {
  const csp = parseCsp(response.headers.get('content-security-policy'));
  const scripts = csp.get('script-src') ?? [];
  const nonce = scripts.find((value) => value.startsWith("'nonce-"))?.slice(7, -1) ?? '';
  expect(nonce.length, `${label}: a nonce in script-src`).toBeGreaterThanOrEqual(22);
  expect(scripts, label).toContain("'strict-dynamic'");
  for (const directive of ['script-src', 'style-src', 'default-src']) {
    expect(csp.get(directive) ?? [], `${label}: ${directive}`).not.toContain("'unsafe-inline'");
    expect(csp.get(directive) ?? [], `${label}: ${directive}`).not.toContain("'unsafe-eval'");
  }
  expect(csp.get('default-src'), label).toEqual(["'self'"]);
  expect(csp.get('style-src'), label).toEqual(["'self'"]);
  expect(csp.get('img-src'), label).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('connect-src')?.[0], label).toBe("'self'");
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  expect(csp.get('base-uri'), label).toEqual(["'none'"]);
  expect(csp.get('form-action'), label).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  const html = await response.text();
  // Data blocks (JSON-LD, the formatted-output record of decision 044) are never executed: CSP does not apply to them.
  const scriptTags = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]).filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
  expect(scriptTags.length, `${label}: inline bootstrap scripts`).toBeGreaterThan(0);
  for (const tag of scriptTags) expect(tag, label).toContain(`nonce="${nonce}"`);
  return nonce;
}

function expectNonPagePolicy(response: Response, label: string): void {
  const csp = parseCsp(response.headers.get('content-security-policy'));
  expect(csp.get('default-src'), label).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
}

describe('the headers of every route kind', () => {
  it.each([
    ['home', '/', 200],
    ['a directory page (region)', 'kind:region', 200],
    ['a candidate page', 'kind:candidate', 200],
    ['search', '/search?q=a', 200],
    ['a form page (/Contact)', '/Contact', 200],
    ['the non-fatal 404', '/this/does-not-exist', 404],
    ['the fatal 404', '/nowhere-region', 404],
    ['a URL the router cannot decode', '/Sub-regions-in-%ED%A0%80', 404],
  ] as const)('%s: HTML with the strict, nonce-based policy', async (label, path, status) => {
    const response = await siteFetch(path.startsWith('kind:') ? discovered(path.slice(5)) : path);
    expect(response.status, label).toBe(status);
    expectSiteHeaders(response, label);
    await expectPagePolicy(response, label);
  });

  it('the account pages keep their stricter Referrer-Policy (same-origin)', async () => {
    const response = await siteFetch('/signin');
    expect(response.status).toBe(200);
    expectSiteHeaders(response, '/signin', 'same-origin');
    await expectPagePolicy(response, '/signin');
  });

  it('the error page (a refused cross-site form) has the same policy', async () => {
    const response = await siteFetch('/signin', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' }, body: 'intent=password' });
    expect(response.status).toBe(403);
    // The error boundary is the root's, so the sign-in route's own headers do not apply: the default policy.
    expectSiteHeaders(response, 'error page');
    await expectPagePolicy(response.clone(), 'error page');
    expect(await response.text()).toMatch(/403(<!-- -->)? ERROR/);
  });

  it('a console page, as an editor: framed by nobody', async () => {
    const response = await siteFetch(CONSOLE, { headers: { cookie: editorCookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await expectPagePolicy(response, 'console');
  });

  it('every response has its own nonce', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) nonces.add(await expectPagePolicy(await siteFetch('/'), 'home'));
    expect(nonces.size).toBe(3);
  });

  it.each([
    ['the calendar feed (.ics)', '/eventCalendar.ics', /^text\/calendar/],
    ['the sitemap', '/sitemap.xml', /xml/],
    ['robots.txt', '/robots.txt', /^text\/plain/],
    ['the favicon', '/favicon.ico', /icon/],
  ] as const)('%s: no page policy needed, nothing may load or run', async (label, path, type) => {
    const response = await siteFetch(path);
    expect(response.status, label).toBe(200);
    expect(response.headers.get('content-type'), label).toMatch(type);
    expectSiteHeaders(response, label);
    expectNonPagePolicy(response, label);
  });

  it("one event's .ics", async () => {
    const event = await api().first('events');
    const response = await siteFetch(`/events/${event!.$id}.ics`);
    expect(response.status).toBe(200);
    expectSiteHeaders(response, 'event .ics');
    expectNonPagePolicy(response, 'event .ics');
  });

  it('a hashed asset: nosniff and a year of immutable caching', async () => {
    expect(assetPath).toMatch(/^\/assets\//);
    const response = await siteFetch(assetPath);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expectSiteHeaders(response, 'asset');
  });

  it('a redirect carries them too', async () => {
    const response = await siteFetch('/set-language', { redirect: 'manual' });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expectSiteHeaders(response, 'redirect');
    expectNonPagePolicy(response, 'redirect');
  });
});

describe('HSTS only when the visitor came over HTTPS', () => {
  it('X-Forwarded-Proto: https from the trusted proxy (loopback) adds Strict-Transport-Security, to pages and files', async () => {
    for (const path of ['/', assetPath, '/robots.txt']) {
      const response = await siteFetch(path, { headers: { 'x-forwarded-proto': 'https' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
    }
    const page = await siteFetch('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(parseCsp(page.headers.get('content-security-policy')).get('connect-src')).toEqual(["'self'", `wss://${new URL(baseUrl()).host}`]);
  });
});

describe('CSRF: every form action refuses another site and takes its own', () => {
  const actions = ['/Contact', '/signin', '/signup', '/recovery', '/verify', '/activeUserProfile', '/invite?teamId=editors&membershipId=m&userId=u&secret=s', '/set-language', '/signout'];
  const consoleActions = [`${CONSOLE}/team`, `${CONSOLE}/messages/x`, `${CONSOLE}/parties/new`];
  const form = 'intent=password&email=csrf%40example.org&password=correct+horse&name=Mallory&subject=Hello&message=Hello+there&lang=fr';
  const crossSite = [
    ['Origin of another site', { origin: 'http://evil.test', 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: cross-site alone', { 'sec-fetch-site': 'cross-site' }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
    ['a sibling subdomain (same-site)', { origin: baseUrl(), 'sec-fetch-site': 'same-site' }],
  ] as const;

  it.each(crossSite)('%s: refused with a 4xx by every action, and nothing happens', async (_label, headers) => {
    for (const path of [...actions, ...consoleActions]) {
      for (const data of [false, true]) {
        const target = data ? path.replace(/(\?|$)/, '.data$1') : path;
        const response = await siteFetch(target, { method: 'POST', redirect: 'manual', headers: { ...headers, cookie: `${editorCookie}; lang=en`, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
        expect([400, 403], `${target} with ${JSON.stringify(headers)}`).toContain(response.status);
        expect(response.headers.getSetCookie().filter((cookie) => /^(lang|a_session_)/.test(cookie)), target).toEqual([]);
      }
    }
  });

  it('a cross-site contact message is not stored; a same-origin one is', async () => {
    const name = `CSRF probe ${Date.now().toString(36)}`;
    const body = new URLSearchParams({ name, email: 'csrf@example.org', subject: 'Cross-site?', message: 'This message came from another site.' }).toString();
    const refused = await siteFetch('/Contact', { method: 'POST', headers: { origin: 'http://evil.test', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(refused.status).toBe(400);
    expect((await api().list('contact_messages', [q.equal('name', name)])).total).toBe(0);
    // From an address of its own (the loopback proxy is trusted): the contact form's per-address
    // limit is the other test files' to use.
    const accepted = await siteFetch('/Contact', { method: 'POST', headers: { origin: baseUrl(), 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.11' }, body });
    expect(accepted.status).toBe(200);
    expect((await api().list('contact_messages', [q.equal('name', name)])).total).toBe(1);
  });

  it('a same-origin language change works (with and without Sec-Fetch-Site, as older browsers send none)', async () => {
    const variants: Record<string, string>[] = [{ origin: baseUrl(), 'sec-fetch-site': 'same-origin' }, { origin: baseUrl() }, {}];
    for (const headers of variants) {
      const response = await siteFetch('/set-language', { method: 'POST', redirect: 'manual', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: 'lang=fr&redirectTo=/Regions' });
      expect(response.status, JSON.stringify(headers)).toBe(302);
      expect(response.headers.get('location')).toBe('/Regions');
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('lang=fr;'))).toBe(true);
    }
  });
});
