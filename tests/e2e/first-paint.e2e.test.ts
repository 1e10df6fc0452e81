/**
 * What a page's first paint waits for (decision 041): the stylesheet is linked before any script
 * preload, and Chromium fetches the page's script modules at low priority, so on a slow connection
 * the document and the stylesheet go first. The pages still hydrate (the search box's suggestions
 * need the scripts) and nothing is logged on the console. The strings every page shares come as one
 * file per language and build, which a browser fetches once and then keeps. Hydrating builds no
 * number or date format: the numbers and dates the server wrote come with the page (lib/intl.ts).
 */
import { DEMO_KNOWN_LOCATION } from '@ballot-atlas/shared/directory/demo/known-location';
import { describe, expect, it } from 'vitest';
import { baseUrl, consoleProblems, e2e, formatConsole, freshContexts, open, siteFetch, watchConsole } from './support/browser.ts';

const browser = freshContexts();

const discovered = (kind: string): string => {
  const page = e2e().discovery.pages.find((found) => found.kind === kind);
  if (!page) throw new Error(`the discovery found no ${kind} page`);
  return new URL(page.url, baseUrl()).pathname;
};

const PAGES = (): string[] => ['/', '/Regions', discovered('region'), discovered('candidatesOfArea'), discovered('candidate')];

describe('the first paint', () => {
  it('links the stylesheet before any script preload, and preloads every module at low priority first', async () => {
    for (const path of PAGES()) {
      const html = await (await siteFetch(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const stylesheet = head.search(/<link[^>]* rel="stylesheet"/);
      const firstPreload = head.indexOf('rel="modulepreload"');
      expect(stylesheet, `${path}: a stylesheet link in <head>`).toBeGreaterThan(-1);
      expect(stylesheet, `${path}: the stylesheet comes first`).toBeLessThan(firstPreload);
      const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"( fetchPriority="low")?/g)].map((match) => ({ href: match[1]!, low: match[2] !== undefined }));
      const seen = new Set<string>();
      for (const preload of preloads) {
        if (!seen.has(preload.href)) expect(preload.low, `${path}: ${preload.href} is first preloaded at low priority`).toBe(true);
        seen.add(preload.href);
      }
      expect(seen.size).toBeGreaterThan(3);
    }
  });

  it('Chromium fetches the scripts at low priority, and the page still hydrates without console problems', async () => {
    const page = await browser.page();
    const messages = watchConsole(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const priorities = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event: { request: { url: string; initialPriority: string } }) => {
      if (/\/assets\/.+\.js$/.test(event.request.url)) priorities.set(event.request.url, event.request.initialPriority);
    });
    await open(page, discovered('region'));
    expect(priorities.size).toBeGreaterThan(3);
    expect([...priorities].filter(([, priority]) => priority !== 'Low')).toEqual([]);
    await page.getByRole('banner').getByRole('combobox').first().fill('a');
    await expect.poll(() => page.getByRole('listbox').count(), { message: 'suggestions appear: the page hydrated' }).toBeGreaterThan(0);
    expect(formatConsole(consoleProblems(messages))).toBe('');
  });

  it("fetches the shared strings once per language and build, not inside every page's HTML", async () => {
    const page = await browser.page();
    const messages = watchConsole(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const fetched: string[] = [];
    const fromCache = new Set<string>();
    const urls = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string } }) => {
      if (new URL(event.request.url).pathname.startsWith('/strings/')) urls.set(event.requestId, event.request.url);
    });
    cdp.on('Network.requestServedFromCache', (event: { requestId: string }) => fromCache.add(event.requestId));
    cdp.on('Network.responseReceived', (event: { requestId: string; response: { fromDiskCache?: boolean } }) => {
      if (event.response.fromDiskCache) fromCache.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event: { requestId: string }) => {
      const url = urls.get(event.requestId);
      if (url && !fromCache.has(event.requestId)) fetched.push(url);
    });

    const html = await (await siteFetch('/Regions')).text();
    const preload = /<link rel="preload" href="(\/strings\/[^"]+\/en\.json)" as="fetch"[^>]* crossorigin="anonymous" fetchPriority="low"\/>/.exec(html);
    expect(preload, 'the head preloads the English strings').not.toBeNull();
    expect(html, "the page does not carry the calendar page's strings").not.toContain('"timeZoneNote"');

    await open(page, '/Regions');
    await open(page, discovered('region'));
    await page.getByRole('banner').getByRole('combobox').first().fill('a');
    await expect.poll(() => page.getByRole('listbox').count(), { message: 'suggestions appear: the second page hydrated' }).toBeGreaterThan(0);
    expect(fetched.map((url) => new URL(url).pathname), 'one download for both pages').toEqual([preload![1]]);
    expect(formatConsole(consoleProblems(messages))).toBe('');
  });

  it('hydrates without building a number or date format for what the server already wrote, in any language', async () => {
    const myBallot = `/my-ballot/${encodeURIComponent(DEMO_KNOWN_LOCATION.area.slug)}`;
    const pages = ['/', discovered('region'), discovered('candidatesOfArea'), discovered('candidate'), '/political-parties', '/eventCalendar', myBallot, `${discovered('region')}?lang=fr`, `${myBallot}?lang=sw`];
    const page = await browser.page();
    const messages = watchConsole(page);
    await page.addInitScript(() => {
      const built: string[] = [];
      (window as unknown as { formatsBuilt: string[] }).formatsBuilt = built;
      for (const kind of ['NumberFormat', 'DateTimeFormat'] as const) {
        const original = Intl[kind] as unknown as new (...args: unknown[]) => object;
        const counted = new Proxy(original, {
          construct(target, args) {
            built.push(`${kind} ${JSON.stringify(args)}`);
            return Reflect.construct(target, args);
          },
          apply(target, self, args) {
            built.push(`${kind} ${JSON.stringify(args)}`);
            return Reflect.apply(target, self, args);
          },
        });
        Object.defineProperty(Intl, kind, { value: counted, configurable: true, writable: true });
      }
    });
    const formatsBuilt = () => page.evaluate(() => (window as unknown as { formatsBuilt: string[] }).formatsBuilt);
    for (const path of pages) {
      await open(page, path);
      // A countdown's first tick in the browser shows the minutes left now; when a minute turned
      // between the server's render and that tick, it formats a number the server never wrote.
      // Two loads in a row cannot both straddle a minute.
      if ((await formatsBuilt()).length) await open(page, path);
      const html = await page.content();
      expect(html, `${path}: the page carries what its formats wrote`).toMatch(/<script type="application\/json" id="formatted-output">\{"(en|fr|sw)\|/);
      expect(await formatsBuilt(), `${path}: formats built while hydrating`).toEqual([]);
    }
    expect(formatConsole(consoleProblems(messages)), 'no hydration mismatch').toBe('');
  });
});
