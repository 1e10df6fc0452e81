/**
 * The editors' console leaves no trace for anybody else. To a guest and to a signed-in account
 * that is not in `editors`, a console address answers exactly as an unknown address of the same
 * shape: status, headers, page (but for the path in it), the scripts and styles the page loads,
 * its route data (`.data`), a form posted to it, and the route manifest of lazy route discovery.
 * Nothing such a page loads names the console's address or its routes. An editor at the same
 * addresses gets the console, whose own code arrives in a chunk only their browser asks for.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from './support/account.ts';
import { baseUrl, closeBrowser, newContext, open, siteFetch } from './support/browser.ts';
import { CONSOLE, createMember, createUser, sessionCookieOf } from './support/teams.ts';

afterAll(closeBrowser);

const CONSOLE_NAME = CONSOLE.slice(1);
/** An address nothing serves, as long as the console's (so that pages differ only in that text). */
const DECOY = `/${'z'.repeat(CONSOLE_NAME.length)}`;
/** Below the console: its dashboard, a collection, the Team page, a message, a confirmation page. */
const SHAPES = ['', '/parties', '/team', '/messages/a1b2c3', '/parties/p1/delete'];
/** What differs between any two answers of one address. */
const VARYING_HEADERS = new Set(['date', 'content-length', 'etag', 'keep-alive', 'connection', 'x-request-id']);
/** Traces of the console's former routes, whose ids and files were in the public route manifest. */
const CONSOLE_TRACES = [CONSOLE_NAME, 'console-shell', 'routes/console', 'console-record', 'console-message'];

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One answer of the site with what legitimately varies made equal: the CSP nonce, and the console's name read as the decoy's. */
async function answerOf(path: string, options: { cookie?: string; post?: boolean } = {}): Promise<Answer> {
  const headers: Record<string, string> = options.cookie ? { cookie: options.cookie } : {};
  if (options.post) Object.assign(headers, { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl() });
  const response = await siteFetch(path, { headers, redirect: 'manual', ...(options.post ? { method: 'POST', body: 'name=Intruder&code=XX' } : {}) });
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
  const even = (text: string) => (nonce ? text.replaceAll(nonce, 'NONCE') : text).replaceAll(CONSOLE_NAME, DECOY.slice(1));
  const kept = [...response.headers].filter(([name]) => !VARYING_HEADERS.has(name)).map(([name, value]) => [name, even(value)]);
  return { status: response.status, headers: Object.fromEntries(kept), body: even(await response.text()) };
}

/** The scripts, module preloads and stylesheets a page's HTML loads (React Router lists its whole static import graph). */
function assetsOf(html: string): string[] {
  return [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((match) => match[0]))].sort();
}

/** The build's manifest version, which lazy route discovery sends with every `/__manifest` request. */
function manifestVersionOf(html: string): string {
  const version = /"version":\s*"([^"]+)"/.exec(html)?.[1];
  if (!version) throw new Error('no route manifest version in the page');
  return version;
}

async function visitors(): Promise<[string, string | undefined][]> {
  const email = uniqueEmail('hidden-outsider');
  await createUser({ email, name: 'Outsider Oduya' });
  return [
    ['guest', undefined],
    ['signed-in non-editor', await sessionCookieOf(email)],
  ];
}

describe('a console address, to anybody but an editor', () => {
  it('answers as an unknown address of the same shape: page, data, forms and route manifest', async () => {
    for (const [who, cookie] of await visitors()) {
      for (const shape of SHAPES) {
        const [path, decoy] = [`${CONSOLE}${shape}`, `${DECOY}${shape}`];
        const page = await answerOf(path, { cookie });
        expect(page.status, `${path} for a ${who}`).toBe(404);
        expect(page, `${path} for a ${who}`).toEqual(await answerOf(decoy, { cookie }));
        expect(await answerOf(`${path}.data`, { cookie }), `${path}.data for a ${who}`).toEqual(await answerOf(`${decoy}.data`, { cookie }));
        const posted = await answerOf(path, { cookie, post: true });
        expect(posted.status, `POST ${path} for a ${who}`).toBe(405);
        expect(posted, `POST ${path} for a ${who}`).toEqual(await answerOf(decoy, { cookie, post: true }));
        expect(await answerOf(`${path}.data`, { cookie, post: true }), `POST ${path}.data for a ${who}`).toEqual(await answerOf(`${decoy}.data`, { cookie, post: true }));

        const version = manifestVersionOf(page.body);
        const manifest = (target: string) => answerOf(`/__manifest?paths=${encodeURIComponent(target)}&version=${version}`, { cookie });
        expect(await manifest(path), `/__manifest for ${path} (${who})`).toEqual(await manifest(decoy));
      }
    }
  });

  it('loads the same assets as an unknown address, and none of them names the console or its routes', async () => {
    for (const [who, cookie] of await visitors()) {
      for (const shape of SHAPES) {
        const headers = cookie ? { cookie } : undefined;
        const assets = assetsOf(await (await siteFetch(`${CONSOLE}${shape}`, { headers })).text());
        expect(assets, `${CONSOLE}${shape} for a ${who}`).toEqual(assetsOf(await (await siteFetch(`${DECOY}${shape}`, { headers })).text()));
        expect(assets.some((asset) => /\/manifest-[\w]+\.js$/.test(asset)), 'the page loads the route manifest').toBe(true);
        for (const asset of assets) {
          const response = await siteFetch(asset);
          expect(response.status, asset).toBe(200);
          const text = await response.text();
          for (const trace of CONSOLE_TRACES) expect(text.includes(trace), `${asset} (loaded at ${CONSOLE}${shape} for a ${who}) contains "${trace}"`).toBe(false);
        }
      }
    }
  });
});

describe('a console address, to an editor', () => {
  it('is the console, whose code comes in a chunk that only an editor’s browser asks for', async () => {
    const email = uniqueEmail('hidden-editor');
    await createMember({ email, name: 'Editor Eshe' }, 'editor');
    const cookie = await sessionCookieOf(email);
    const outsiderAssets = assetsOf(await (await siteFetch(`${CONSOLE}/parties`)).text());

    const editorView = await siteFetch(`${CONSOLE}/parties`, { headers: { cookie } });
    expect(editorView.status).toBe(200);
    expect(editorView.headers.get('cache-control')).toBe('private, no-store');
    expect(editorView.headers.get('referrer-policy')).toBe('same-origin');
    expect(await editorView.text()).toContain('<title>Parties | Editors&#x27; console | Ballot Atlas</title>');

    const context = await newContext();
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: baseUrl() }]);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (/\/assets\/[\w.-]+\.js$/.test(response.url())) scripts.push(new URL(response.url()).pathname);
    });
    // Hydration waits for the console's chunk (the page renders it without a Suspense boundary).
    expect(await open(page, `${CONSOLE}/parties`)).toBe(200);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Team' }).waitFor();
    const own = scripts.filter((script) => !outsiderAssets.includes(script));
    const named = await Promise.all(own.map(async (script) => ({ script, names: (await (await siteFetch(script)).text()).includes(CONSOLE_NAME) })));
    expect(named.some((chunk) => chunk.names), `one of ${own.join(', ')} holds the console`).toBe(true);
    expect(own.every((script) => !/console/i.test(script)), `chunk names: ${own.join(', ')}`).toBe(true);
    await context.close();

    // An address below the console that names no page is the ordinary 404, for an editor too.
    expect(await answerOf(`${CONSOLE}/no-such-collection`, { cookie })).toEqual(await answerOf(`${DECOY}/no-such-collection`, { cookie }));
  });
});
