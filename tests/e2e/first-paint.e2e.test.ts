/**
 * What a page's first paint waits for (decision 041): the stylesheet is linked before any script
 * preload, and Chromium fetches the page's script modules at low priority, so on a slow connection
 * the document and the stylesheet go first. The pages still hydrate (the search box's suggestions
 * need the scripts) and nothing is logged on the console.
 */
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
});
