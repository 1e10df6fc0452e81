/**
 * The "At a glance" figures in Chromium: an electoral area's page before and after an election
 * (its figures, their text equivalents, axe in light and dark, no sideways scroll at 320 px) and a
 * party's candidates per region. With E2E_SCREENSHOTS set, also saves screenshots to look at.
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { api, e2e, freshContexts, open } from './support/browser.ts';
import { q } from './support/api.ts';

const contexts = freshContexts();
const screenshots = process.env['E2E_SCREENSHOTS'];

function discovered(kind: string): string {
  const page = e2e().discovery.pages.find((each) => each.kind === kind);
  if (!page) throw new Error(`no ${kind} page discovered`);
  return page.url;
}

/** The area page for the concluded election: its district's races have votes. */
async function areaWithResults(): Promise<string> {
  const concluded = await api().first('elections', [q.equal('status', 'concluded')]);
  if (!concluded) throw new Error('the demo data has no concluded election');
  return `${discovered('candidatesOfArea')}?election=${encodeURIComponent(String(concluded['slug']))}`;
}

/** Every figure's drawing is hidden from assistive technology, and its numbers are in text. */
async function figureTexts(page: Page) {
  return page.locator('section[aria-labelledby="at-a-glance"] figure').evaluateAll((figures) =>
    figures.map((figure) => ({
      testId: figure.getAttribute('data-testid'),
      caption: figure.querySelector('figcaption')?.textContent ?? '',
      hiddenDrawing: [...figure.querySelectorAll('svg')].every((svg) => svg.closest('[aria-hidden="true"]') !== null),
      table: [...figure.querySelectorAll('table[data-testid="chart-table"] tr')].map((row) => [...row.children].map((cell) => cell.textContent ?? '')),
      text: figure.textContent ?? '',
    })),
  );
}

/**
 * Elements of the page's figures that reach past the viewport's right edge, outermost only (SVG
 * text is clipped by its SVG and the visually hidden tables by their wrapper, so neither counts).
 */
async function figuresOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const inFigures = [...document.querySelectorAll('section[aria-labelledby="at-a-glance"]')].flatMap((section) => [section, ...section.querySelectorAll('*')]);
    const drawn = inFigures.filter((element) => (!element.closest('svg') || element.tagName === 'svg') && (!element.parentElement?.closest('.sr-only')));
    const wide = drawn.filter((element) => element.getBoundingClientRect().right > width + 0.5);
    return wide
      .filter((element) => !wide.some((other) => other !== element && other.contains(element)))
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.getAttribute('class') ?? '').split(/\s+/).slice(0, 4).join('.')} (right ${Math.round(element.getBoundingClientRect().right)} px)`);
  });
}

async function save(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}

describe('At a glance', () => {
  it('an area page before its election: candidates per party and gender, voters, each with its text equivalent', async () => {
    const page = await contexts.page();
    expect(await open(page, discovered('candidatesOfArea'))).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'At a glance' }).count()).toBe(1);
    const figures = await figureTexts(page);
    expect(figures.map((figure) => figure.testId)).toEqual(['figure-parties', 'figure-gender', 'figure-voters']);
    for (const figure of figures) expect(figure.hiddenDrawing, figure.caption).toBe(true);
    const parties = figures[0]!;
    expect(parties.table[0]).toEqual(['Party', 'Candidates']);
    const perParty = parties.table.slice(1).map(([, count]) => Number(count));
    expect(perParty.length).toBeGreaterThan(0);
    // The bars' widths follow the table's numbers.
    const widths = await page.locator('[data-testid="figure-parties"] [data-testid="chart-bar"]').evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('data-width'))));
    const most = Math.max(...perParty);
    expect(widths).toEqual(perParty.filter((count) => count > 0).map((count) => Number(((count / most) * 100).toFixed(2))));
    expect(figures[2]!.text).toMatch(/Registered voters[\d,]+Polling stations[\d,]+/);
  });

  it('an area page after an election: the result and turnout, with the same numbers in text', async () => {
    const page = await contexts.page();
    expect(await open(page, await areaWithResults())).toBe(200);
    const figures = await figureTexts(page);
    expect(figures.map((figure) => figure.testId)).toEqual(['figure-result', 'figure-turnout', 'figure-parties', 'figure-gender', 'figure-voters']);
    const [result, turnout] = figures;
    expect(result!.table[0]).toEqual(['Candidate', 'Party', 'Votes', 'Share']);
    expect(result!.table.slice(1).some(([name]) => name!.endsWith('(elected)'))).toBe(true);
    // Each candidate's votes shown on the chart are the table's.
    for (const [, , votes] of result!.table.slice(1)) expect(result!.text).toContain(votes!);
    expect(turnout!.text).toMatch(/[\d,]+ ballots for [\d,]+ registered voters: [\d.]+%\./);
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`axe finds nothing serious on the area, district, region and party pages (${mode}), and their figures fit 320 px`, async () => {
      const wide = await contexts.page({ colorScheme: mode, colourMode: mode });
      const narrow = await contexts.page({ colorScheme: mode, colourMode: mode, viewport: { width: 320, height: 640 } });
      const pages: [string, string][] = [
        ['area', discovered('candidatesOfArea')],
        ['area-results', await areaWithResults()],
        ['party', discovered('party')],
        ['district', discovered('areasOfDistrict')],
        ['region', discovered('region')],
      ];
      const overflow: string[] = [];
      for (const [name, path] of pages) {
        expect(await open(wide, path)).toBe(200);
        await expectNoSeriousViolations(wide, `${path} (${mode})`);
        await save(wide, `glance-${name}-${mode}-1280`);
        expect(await open(narrow, path)).toBe(200);
        // The figures must fit; the page as a whole is responsive.e2e.test.ts's to check.
        const problems = await figuresOverflow(narrow);
        if (problems.length) overflow.push(`${path}: ${problems.join('; ')}`);
        await save(narrow, `glance-${name}-${mode}-320`);
      }
      expect(overflow).toEqual([]);
    });
  }

  it('the party page: its candidates per region, in a figure with its table', async () => {
    const page = await contexts.page();
    expect(await open(page, discovered('party'))).toBe(200);
    const figure = page.getByTestId('figure-regions');
    await expect.poll(() => figure.count()).toBe(1);
    const table = await figure.locator('table tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
    expect(table[0]).toEqual(['Region', 'Candidates']);
    const regions = await api().list('regions', [q.limit(100)]);
    expect(table.slice(1).map(([name]) => name).filter((name) => name !== 'Nationwide').sort()).toEqual(regions.documents.map((region) => String(region['name'])).sort());
    const bars = await figure.locator('[data-testid="chart-bar"]').count();
    expect(bars).toBe(table.slice(1).filter(([, count]) => count !== '0').length);
  });
});
