/**
 * Compare candidates (issue 17, item 3): the "Compare" toggles on candidate lists and pages keep a
 * selection in a cookie across pages — with JavaScript through a fetcher (no navigation), without
 * it through a form that comes back to the page — at most four; the tray opens `/compare?ids=…`,
 * an accessible table that stacks on a phone and prints on A4 landscape. Set E2E_SCREENSHOTS to a
 * directory to keep screenshots and the print PDF.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { q, type ApiDocument } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { api, baseUrl, consoleProblems, e2e, formatConsole, freshContexts, open, siteFetch, watchConsole } from './support/browser.ts';
import { candidatePagePath } from './support/pages.ts';

const browsers = freshContexts();
const directory = process.env['E2E_SCREENSHOTS'];
const ROW_LABELS = ['Party', 'Office', 'Standing in', 'Age', 'Occupation', 'Education', 'About', 'Website and social media', 'Status', 'Result'];

async function keep(page: Page, name: string): Promise<void> {
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: join(directory, `compare-${name}.png`), fullPage: true });
  // A narrow page is tall: also in screen-sized parts, readable at full size.
  const { width, height } = await page.evaluate(() => ({ width: window.innerWidth, height: document.documentElement.scrollHeight }));
  if (width > 400) return;
  for (let part = 0, y = 0; y < height; part++, y += 900) {
    await page.screenshot({ path: join(directory, `compare-${name}-part${part + 1}.png`), fullPage: true, clip: { x: 0, y, width, height: Math.min(900, height - y) } });
  }
}

/** A page listing the candidates of one electoral area (several per race in the demo data). */
function areaListPath(): string {
  const found = e2e().discovery.pages.find((page) => page.kind === 'candidatesOfArea');
  if (!found) throw new Error('discovery found no electoral-area candidate list');
  return new URL(found.url, baseUrl()).pathname;
}

/** The compare toggles of a page's main content (the tray's forms have no toggle button). */
function toggles(page: Page): Locator {
  return page.locator('main form[action="/compare/selection"]:has(button[aria-pressed])');
}

async function candidateOf(toggle: Locator): Promise<string> {
  return toggle.locator('input[name="candidate"]').inputValue();
}

async function selectionCookie(context: BrowserContext): Promise<string[]> {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'compare');
  return cookie ? decodeURIComponent(cookie.value).split(',') : [];
}

async function setSelection(context: BrowserContext, ids: string[]): Promise<void> {
  await context.addCookies([{ name: 'compare', value: encodeURIComponent(ids.join(',')), url: baseUrl() }]);
}

async function candidates(count: number): Promise<ApiDocument[]> {
  const { documents } = await api().list('candidates', [q.orderAsc('$sequence'), q.limit(count)]);
  if (documents.length < count) throw new Error(`the demo data has fewer than ${count} candidates`);
  return documents;
}

/** The table as text: its column headers' names, and each row's label with its cells. */
async function tableText(page: Page): Promise<{ columns: string[]; rows: string[][] }> {
  return page.locator('main table').evaluate((table) => {
    const clean = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
    const columns = [...table.querySelectorAll('thead th[scope="col"]')].map((th) => clean(th.querySelector('a')?.textContent ?? ''));
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => clean(cell.textContent)));
    return { columns, rows };
  });
}

async function noHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('compare candidates', () => {
  it('with JavaScript: three picked on a list and a candidate page without navigating, compared in a table, one removed, printed', async () => {
    const context = await browsers.context();
    const page = await context.newPage();
    const problems = watchConsole(page);
    const list = areaListPath();
    await open(page, list);
    const onList = toggles(page);
    expect(await onList.count(), 'the area list has a compare toggle per candidate').toBeGreaterThanOrEqual(2);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const chosen: string[] = [];
    for (const index of [0, 1]) {
      const toggle = onList.nth(index);
      chosen.push(await candidateOf(toggle));
      await toggle.getByRole('button').click();
      await expect.poll(() => toggle.getByRole('button').getAttribute('aria-pressed')).toBe('true');
    }
    await expect.poll(() => page.locator('#compare-tray').textContent()).toContain('Compare (2)');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'the toggles did not load a new page').toBe(true);
    expect(new URL(page.url()).pathname).toBe(list);
    await keep(page, 'list-tray-light-1280');

    const third = (await candidates(10)).find((candidate) => !chosen.includes(candidate.$id))!;
    await open(page, await candidatePagePath(third));
    const own = page.locator('main header form[action="/compare/selection"]');
    expect(await candidateOf(own)).toBe(third.$id);
    await own.getByRole('button').click();
    await expect.poll(() => own.getByRole('button').getAttribute('aria-pressed')).toBe('true');
    chosen.push(third.$id);
    expect(await selectionCookie(context)).toEqual(chosen);

    await page.locator('#compare-tray').getByRole('link', { name: /Compare \(3\)/ }).click();
    await page.waitForURL((url) => url.pathname === '/compare');
    expect(new URL(page.url()).searchParams.get('ids')).toBe(chosen.join(','));
    const documents = await Promise.all(chosen.map((id) => api().get('candidates', id)));
    const table = await tableText(page);
    expect(table.columns).toEqual(documents.map((document) => String(document!['name'])));
    expect(table.rows.map((row) => row[0])).toEqual(ROW_LABELS);
    const occupations = table.rows.find((row) => row[0] === 'Occupation')!.slice(1);
    expect(occupations).toEqual(documents.map((document) => String(document!['occupation'] ?? 'Not given')));
    for (const [index, document] of documents.entries()) {
      const link = page.locator('main table thead th[scope="col"]').nth(index).getByRole('link', { name: String(document!['name']) });
      expect(await link.getAttribute('href')).toBe(await candidatePagePath(document!));
    }
    expect(await page.locator('main table tbody th[scope="row"]').count()).toBe(ROW_LABELS.length);
    expect(await page.title()).toContain(String(documents[0]!['name']));
    // Indexable, under one address whatever the order the candidates were picked in.
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl()}/compare?ids=${[...chosen].sort().join(',')}`);
    await expectNoSeriousViolations(page, 'compare (light)');
    await keep(page, 'table-light-1280');

    // Print: A4 landscape is about 1047 CSS px wide inside its margins; the table alone, fitting.
    await page.setViewportSize({ width: 1047, height: 740 });
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate(() => {
      const shown = (element: Element | null) => Boolean(element) && getComputedStyle(element!).display !== 'none';
      const table = document.querySelector('main table')!;
      return {
        header: shown(document.querySelector('body > div > header')),
        footer: shown(document.querySelector('body > div > footer')),
        table: shown(table),
        cards: shown(document.querySelector('main ol')),
        removeButtons: [...document.querySelectorAll('main table form')].some(shown),
        fits: table.scrollWidth <= document.documentElement.clientWidth,
      };
    });
    expect(printed).toEqual({ header: false, footer: false, table: true, cards: false, removeButtons: false, fits: true });
    await keep(page, 'print-preview');
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(/\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1], 'the comparison fits one A4 landscape page').toBe('1');
    if (directory) writeFileSync(join(directory, 'compare-print.pdf'), pdf);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Remove the second column: the address and the selection both lose it.
    await page.locator('main table thead th[scope="col"]').nth(1).getByRole('button', { name: /Remove/ }).click();
    const remaining = [chosen[0]!, chosen[2]!];
    await page.waitForURL((url) => url.searchParams.get('ids') === remaining.join(','));
    await expect.poll(async () => (await tableText(page)).columns.length, { message: 'the removed column is gone' }).toBe(2);
    expect(await selectionCookie(context)).toEqual(remaining);
    expect(consoleProblems(problems), formatConsole(problems)).toEqual([]);
  });

  it('looks right and passes axe in dark mode, and stacks without sideways scrolling at 320 px', async () => {
    const ids = (await candidates(3)).map((candidate) => candidate.$id);
    const path = `/compare?ids=${ids.join(',')}`;
    const dark = await browsers.page({ colorScheme: 'dark', colourMode: 'dark' });
    await open(dark, path);
    await expectNoSeriousViolations(dark, 'compare (dark)');
    await keep(dark, 'table-dark-1280');
    for (const mode of ['light', 'dark'] as const) {
      const phone = await browsers.page({ colorScheme: mode, colourMode: mode, viewport: { width: 320, height: 640 } });
      await open(phone, path);
      expect(await noHorizontalScroll(phone), `no horizontal scroll at 320 px (${mode})`).toBe(true);
      expect(await phone.locator('main table').isVisible()).toBe(false);
      const cards = phone.locator('main ol > li');
      expect(await cards.count()).toBe(3);
      expect(await cards.first().locator('dt').allTextContents()).toEqual(ROW_LABELS);
      await expectNoSeriousViolations(phone, `compare at 320 px (${mode})`);
      await keep(phone, `cards-${mode}-320`);
    }
  });

  it('with JavaScript: a fifth pick is refused with a message, and the four stay', async () => {
    const context = await browsers.context();
    const four = (await candidates(4)).map((candidate) => candidate.$id);
    await setSelection(context, four);
    const page = await context.newPage();
    await open(page, areaListPath());
    const toggle = toggles(page).filter({ has: page.locator('button[aria-pressed="false"]') }).first();
    await toggle.getByRole('button').click();
    // The message sits beside the toggle's form, in the same wrapper.
    await expect.poll(() => toggle.locator('xpath=..').getByRole('status').textContent()).toContain('You can compare up to 4 candidates');
    expect(await toggle.getByRole('button').getAttribute('aria-pressed')).toBe('false');
    expect(await selectionCookie(context)).toEqual(four);
  });

  it('without JavaScript: the toggles post and come back, the tray opens the comparison, a fifth is refused', async () => {
    const context = await browsers.context({ javaScript: false });
    const page = await context.newPage();
    const list = areaListPath();
    await open(page, list, { hydrate: false });
    const chosen: string[] = [];
    for (const index of [0, 1]) {
      const toggle = toggles(page).nth(index);
      chosen.push(await candidateOf(toggle));
      await Promise.all([page.waitForNavigation(), toggle.getByRole('button').click()]);
      expect(new URL(page.url()).pathname, 'the form came back to the list').toBe(list);
      expect(await toggles(page).nth(index).getByRole('button').getAttribute('aria-pressed')).toBe('true');
    }
    expect(await selectionCookie(context)).toEqual(chosen);
    await Promise.all([page.waitForNavigation(), page.locator('#compare-tray').getByRole('link', { name: /Compare \(2\)/ }).click()]);
    expect((await tableText(page)).columns).toHaveLength(2);
    await Promise.all([page.waitForNavigation(), page.locator('main table thead th[scope="col"]').first().getByRole('button', { name: /Remove/ }).click()]);
    expect(new URL(page.url()).searchParams.get('ids')).toBe(chosen[1]);
    expect(await page.locator('main h2').first().textContent()).toContain('Choose at least one more candidate');

    const four = (await candidates(4)).map((candidate) => candidate.$id);
    await setSelection(context, four);
    await open(page, list, { hydrate: false });
    const fifth = toggles(page).filter({ has: page.locator('button[aria-pressed="false"]') }).first();
    await Promise.all([page.waitForNavigation(), fifth.getByRole('button').click()]);
    expect(await page.locator('#compare-tray').getByRole('status').textContent()).toContain('You can compare up to 4 candidates');
    expect(await selectionCookie(context)).toEqual(four);
    // The notice is for that one page.
    await open(page, list, { hydrate: false });
    expect(await page.locator('#compare-tray').getByRole('status').count()).toBe(0);
    expect(await page.locator('#compare-tray').textContent()).toContain('Compare (4)');
  });

  it('a shared link drops unknown and malformed ids with a note; fewer than two explain how to pick', async () => {
    const [visible, other, removed] = await candidates(3);
    // A candidate that was there when the link was shared and has been deleted since.
    const fields = Object.fromEntries(Object.entries(removed!).filter(([name]) => !name.startsWith('$')));
    const goneId = `compare-gone-${Date.now().toString(36)}`;
    await api().create('candidates', goneId, { ...fields, name: 'Deleted Compare Candidate' });
    await api().delete('candidates', goneId);
    const page = await browsers.page();
    await open(page, `/compare?ids=${visible!.$id},${goneId},no-such-candidate,<bad>,${other!.$id}`);
    expect((await tableText(page)).columns).toEqual([String(visible!['name']), String(other!['name'])]);
    expect(await page.getByRole('note').textContent()).toContain('3 candidates in this link could not be shown');
    expect(await page.content()).not.toContain('Deleted Compare Candidate');
    const robots = () => page.locator('meta[name="robots"]').getAttribute('content');
    expect(await robots(), 'a link that names candidates it cannot show is not indexed').toBe('noindex');

    await open(page, `/compare?ids=${visible!.$id},${goneId}`);
    expect(await page.locator('main table').count()).toBe(0);
    expect(await page.locator('main h2').first().textContent()).toContain('Choose at least one more candidate');
    expect(await robots()).toBe('noindex');
    await expectNoSeriousViolations(page, 'compare, one candidate');

    await open(page, '/compare');
    expect(await page.locator('main h2').first().textContent()).toContain('Choose two to four candidates');
    expect(await page.getByRole('link', { name: 'by region' }).getAttribute('href')).toBe('/Regions');
    await keep(page, 'empty-light-1280');

    const five = (await candidates(5)).map((candidate) => candidate.$id);
    await open(page, `/compare?ids=${five.join(',')}`);
    expect((await tableText(page)).columns).toHaveLength(4);
    expect(await page.getByRole('note').textContent()).toContain('Only 4 candidates can be compared at once');
    expect(await robots()).toBe('noindex');
  });

  it('a form posted from another site changes nothing', async () => {
    const [candidate] = await candidates(1);
    const response = await siteFetch('/compare/selection', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
      body: `intent=add&candidate=${candidate!.$id}&redirectTo=/`,
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie') ?? '').not.toContain('compare=');
  });
});
