/**
 * What a page's first paint waits for (decisions 041, 045): the stylesheet is linked in <head>, and
 * the page's script modules are fetched only once the server-rendered page has painted, so on a
 * slow connection the document and the stylesheet have it to themselves. The pages still hydrate
 * (the search box's suggestions need the scripts), links are followed without loading a new
 * document, and nothing is logged on the console. The strings every page shares come as one
 * file per language and build, which a browser fetches once and then keeps. Hydrating builds no
 * number or date format: the numbers and dates the server wrote come with the page (lib/intl.ts).
 */
import { DEMO_KNOWN_LOCATION } from '@ballot-atlas/shared/directory/demo/known-location';
import { describe, expect, it } from 'vitest';
import { modulesOfPage } from '../../apps/web/app/lib/page-bootstrap.server.ts';
import { baseUrl, consoleProblems, e2e, formatConsole, freshContexts, open, siteFetch, watchConsole } from './support/browser.ts';

const browser = freshContexts();

const discovered = (kind: string): string => {
  const page = e2e().discovery.pages.find((found) => found.kind === kind);
  if (!page) throw new Error(`the discovery found no ${kind} page`);
  return new URL(page.url, baseUrl()).pathname;
};

const PAGES = (): string[] => ['/', '/Regions', discovered('region'), discovered('candidatesOfArea'), discovered('candidate')];

describe('the first paint', () => {
  it('links the stylesheet, and names no script module the browser would fetch while the page paints', async () => {
    for (const path of PAGES()) {
      const html = await (await siteFetch(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.search(/<link[^>]* rel="stylesheet"/), `${path}: a stylesheet link in <head>`).toBeGreaterThan(-1);
      expect(html, `${path}: no modulepreload link`).not.toContain('modulepreload"');
      expect(html, `${path}: no module script`).not.toMatch(/<script[^>]* type="module"/);
      // The bootstrap names every module it will import once the page is on screen, the entry last.
      const modules = modulesOfPage(html);
      expect(modules.length, `${path}: the bootstrap's modules`).toBeGreaterThan(3);
      expect(modules.at(-1), `${path}: the entry comes last`).toMatch(/^\/assets\/entry\.client-[^/]+\.js$/);
    }
  });

  it('starts fetching the scripts only once the page has painted, on a slow connection too', async () => {
    const page = await browser.page();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // A phone on a slow connection: the document and the stylesheet take several hundred milliseconds.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 100_000 });
    await open(page, discovered('region'));
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')?.startTime ?? Number.NaN,
      scripts: performance.getEntriesByType('resource').filter((entry) => /\/assets\/.+\.js$/.test(entry.name)).map((entry) => entry.startTime),
    }));
    expect(timing.scripts.length).toBeGreaterThan(3);
    // The paint's timestamp is when the frame reached the screen, which can trail the task that
    // starts the fetches by a frame or more on a busy machine. Scripts requested from <head> would
    // start several hundred milliseconds before the paint on this connection.
    expect(Math.min(...timing.scripts), 'the first script request starts after the first paint').toBeGreaterThanOrEqual(timing.firstPaint - 100);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  });

  it('hydrates, and follows links in place, without console problems', async () => {
    const page = await browser.page();
    const messages = watchConsole(page);
    await open(page, discovered('region'));
    await page.getByRole('banner').getByRole('combobox').first().fill('a');
    await expect.poll(() => page.getByRole('listbox').count(), { message: 'suggestions appear: the page hydrated' }).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    // A link is followed in the page: the document (and what a script left on it) stays.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const link = page.locator('main a[href^="/districts/"]').first();
    const target = new URL((await link.getAttribute('href'))!, baseUrl()).pathname;
    await link.click();
    await page.waitForURL((url) => url.pathname === target);
    await expect.poll(() => page.locator('h1').textContent()).not.toBe('');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'no new document was loaded').toBe(true);
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
