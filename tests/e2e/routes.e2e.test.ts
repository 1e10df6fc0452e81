/**
 * Every page of seed §2 (except the account and PDF pages) answers 200 and shows real content:
 * its entity's name, one heading, a title, no console error. Pattern pages are the real URLs
 * found by following links (support/discover.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, consoleProblems, e2e, formatConsole, open, watchConsole, fileContext } from './support/browser.ts';
import { q, type ApiDocument } from './support/api.ts';
import { searchTerm } from './support/pages.ts';

const context = fileContext();

interface Visit {
  page: Page;
  status: number;
  h1: string[];
  title: string;
  main: string;
  hrefs: string[];
}

const squash = (text: string): string => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** Opens a page and checks what every real page must have; returns what the caller checks further. */
async function visit(path: string): Promise<Visit> {
  const page = await context().newPage();
  const log = watchConsole(page);
  const failedAssets: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document' && response.url().startsWith(e2e().url)) failedAssets.push(`${response.status()} ${response.url()}`);
  });
  const status = await open(page, path);
  const h1 = (await page.locator('h1').allInnerTexts()).map(squash);
  const title = await page.title();
  const main = squash(await page.locator('main').innerText());
  const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(status, `${path}: HTTP status`).toBe(200);
  expect(h1, `${path}: exactly one <h1>`).toHaveLength(1);
  expect(h1[0], `${path}: the <h1> has text`).not.toBe('');
  expect(title, `${path}: a real <title>`).not.toMatch(/^$|Problem|Page not found/);
  expect(main, `${path}: the scaffold was replaced`).not.toMatch(/^scaffold$/i);
  expect(main.length, `${path}: the main content has some substance`).toBeGreaterThan(80);
  expect(failedAssets, `${path}: no asset failed to load`).toEqual([]);
  await page.waitForTimeout(100);
  expect(formatConsole(consoleProblems(log)), `${path}: console errors or warnings`).toBe('');
  return { page, status, h1, title, main, hrefs: hrefs.map((href) => safeDecode(href)) };
}

function safeDecode(text: string): string {
  try {
    return decodeURI(text).normalize('NFC');
  } catch {
    return text;
  }
}

const names = (documents: ApiDocument[], key = 'name'): string[] => documents.map((document) => squash(String(document[key])));

function expectAllShown(visitResult: Visit, expected: string[], what: string): void {
  const missing = expected.filter((name) => !visitResult.main.includes(name));
  expect(missing, `${what} missing from the page`).toEqual([]);
}

describe('static pages', () => {
  it('/ (home) shows the regions', async () => {
    const regions = (await api().list('regions')).documents;
    const result = await visit('/');
    expectAllShown(result, names(regions), 'regions');
    await result.page.close();
  });

  for (const [path, slug] of [['/About', 'about'], ['/PrivacyPolicy', 'privacy-policy'], ['/TermsAndConditions', 'terms-and-conditions']] as const) {
    it(`${path} shows the "${slug}" page in English`, async () => {
      const document = await api().first('pages', [q.equal('slug', slug), q.equal('language', 'en')]);
      expect(document, `the pages document ${slug}/en`).not.toBeNull();
      const result = await visit(path);
      expect(result.h1[0]).toContain(squash(String(document!['title'])));
      await result.page.close();
    });
  }

  it('/search?q= lists a matching candidate', async () => {
    const term = await searchTerm();
    const result = await visit(`/search?q=${encodeURIComponent(term)}`);
    expect(result.main).toContain(term);
    expect(result.hrefs.some((href) => href.startsWith('/candidate/')), 'a link to a candidate page').toBe(true);
    await result.page.close();
  });

  it('/Contact has the form: name, email, subject, message', async () => {
    const result = await visit('/Contact');
    for (const label of [/name/i, /e-?mail/i, /subject/i, /message/i]) {
      await expect.poll(() => result.page.locator('main form').getByLabel(label).first().isVisible(), { message: `a field labelled ${label}` }).toBe(true);
    }
    expect(await result.page.locator('main form').getByRole('button', { name: /send|submit/i }).count(), 'a send button').toBeGreaterThan(0);
    await result.page.close();
  });

  it('/Regions lists every region with a link to its page', async () => {
    const regions = (await api().list('regions')).documents;
    const result = await visit('/Regions');
    expectAllShown(result, names(regions), 'regions');
    const missingLinks = regions.map((region) => `/${String(region['slug'])}-region`).filter((path) => !result.hrefs.includes(path.normalize('NFC')));
    expect(missingLinks, 'links to the region pages').toEqual([]);
    await result.page.close();
  });

  it('/Districts lists every district', async () => {
    const districts = (await api().list('districts', [q.limit(500)])).documents;
    expect(districts.length).toBeGreaterThan(0);
    const result = await visit('/Districts');
    expectAllShown(result, names(districts), 'districts');
    await result.page.close();
  });

  it('/political-parties lists every party', async () => {
    const parties = (await api().list('parties')).documents;
    const result = await visit('/political-parties');
    expectAllShown(result, names(parties), 'parties');
    await result.page.close();
  });

  it('/eventCalendar shows events and offers the .ics feed', async () => {
    const result = await visit('/eventCalendar');
    const icsLinks = await result.page.locator('a[href$=".ics"]').count();
    expect(icsLinks, 'links to .ics files').toBeGreaterThan(0);
    const titles = names((await api().list('events', [q.limit(100)])).documents, 'title');
    expect(titles.some((title) => result.main.includes(title)), 'at least one event title shown').toBe(true);
    await result.page.close();
  });
});

describe('pattern pages (real URLs found by following links)', () => {
  const pages = e2e().discovery.pages;

  it('the site links to a page of every pattern', () => {
    const unlinked = pages.filter((page) => page.source !== 'link').map((page) => `${page.kind} (tested at ${page.url}, built from the API)`);
    expect(unlinked, `pattern pages no crawled page links to; crawl: ${JSON.stringify(e2e().discovery.fetched)}`).toEqual([]);
  });

  it.each(pages.map((page) => [page.kind, page] as const))('%s renders its entity', async (_kind, discovered) => {
    const result = await visit(discovered.url);
    const expected = discovered.expect.map(squash);
    expect(expected.some((name) => result.main.includes(name)), `${discovered.url} shows one of ${JSON.stringify(expected)}`).toBe(true);
    const heading = `${result.h1[0] ?? ''} ${result.title}`;
    expect(expected.some((name) => heading.includes(name)), `${discovered.url}: heading or title names the entity (${heading})`).toBe(true);
    await result.page.close();
  });
});
