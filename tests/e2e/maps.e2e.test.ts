/**
 * Server-drawn SVG maps (issue 17, item 2): the home page's regions link to their pages (with
 * JavaScript and without), each level down draws its children, results colour places with a
 * pattern and a legend, focus shows, motion stops when asked, axe passes in both colour modes,
 * and 320 px does not scroll sideways.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatFindings, seriousViolations } from './support/axe.ts';
import { freshContexts, open } from './support/browser.ts';

const browser = freshContexts();

const mapLinks = (page: Page, section: string) => page.locator(`section[aria-labelledby="${section}"] svg a`);

/** Home → a region → one of its districts → one of its electoral areas, each by a map link. */
async function mapPages(page: Page): Promise<{ region: string; district: string; area: string }> {
  await open(page, '/');
  const region = (await mapLinks(page, 'home-map').first().getAttribute('href'))!;
  await open(page, region);
  const district = (await mapLinks(page, 'map').first().getAttribute('href'))!;
  await open(page, district);
  const area = (await mapLinks(page, 'map').first().getAttribute('href'))!;
  return { region, district, area };
}

describe('maps', () => {
  it("the home map's region links open the region's page", async () => {
    const page = await browser.page();
    await open(page, '/');
    const links = mapLinks(page, 'home-map');
    expect(await links.count()).toBeGreaterThan(1);
    const target = links.nth(1);
    const [href, label] = await Promise.all([target.getAttribute('href'), target.getAttribute('aria-label')]);
    const name = label!.split(':')[0]!;
    await target.click();
    await page.waitForURL((url) => url.pathname === href);
    await expect.poll(() => page.locator('h1').textContent()).toContain(name);
  });

  it('the map links work without JavaScript', async () => {
    const page = await browser.page({ javaScript: false });
    await open(page, '/', { hydrate: false });
    const target = mapLinks(page, 'home-map').first();
    const href = await target.getAttribute('href');
    await target.click();
    await page.waitForURL((url) => url.pathname === href);
    expect(await page.locator('section[aria-labelledby="map"] svg a').count()).toBeGreaterThan(0);
  });

  it('every map link is also a link in the page text, and each level draws its children inside its outline', async () => {
    const page = await browser.page();
    const { region, district, area } = await mapPages(page);
    for (const path of ['/', region, district]) {
      await open(page, path);
      const section = path === '/' ? 'home-map' : 'map';
      const hrefs = await mapLinks(page, section).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      const textHrefs = new Set(await page.locator(`main a:not(svg a)`).evaluateAll((links) => links.map((link) => link.getAttribute('href'))));
      expect(hrefs.length, path).toBeGreaterThan(0);
      expect(hrefs.filter((href) => !textHrefs.has(href)), `${path}: map links missing from the page's own lists`).toEqual([]);
      if (path !== '/') expect(await page.locator('section[aria-labelledby="map"] svg path.o').count(), `${path} outlines its place`).toBe(1);
    }
    await open(page, area);
    const locator = page.locator('main figure svg[role="img"]');
    expect(await locator.count()).toBe(1);
    expect(await locator.locator('path.c').count()).toBe(1);
    expect(await page.locator(`#${await locator.getAttribute('aria-labelledby')}`).textContent()).toMatch(/^Map: .+ within .+$/);
  });

  it('results colour the home map by leading party, with a pattern per party, named and explained in a legend', async () => {
    const page = await browser.page();
    await open(page, '/');
    const patterns = page.locator('section[aria-labelledby="home-map"] svg pattern');
    expect(await patterns.count()).toBeGreaterThan(0);
    // Each pattern has marks over the colour: never colour alone.
    expect(await patterns.first().locator('path, circle').count()).toBeGreaterThan(0);
    const leading = page.locator('section[aria-labelledby="home-map"] svg a[aria-label*=" leads"]');
    expect(await leading.count()).toBeGreaterThan(0);
    expect(await leading.first().locator('path').getAttribute('fill')).toMatch(/^url\(#.+\)$/);
    await expect.poll(() => page.locator('section[aria-labelledby="home-map"] figcaption').textContent()).toMatch(/Leading party, .+, \d{4} General Election/);
  });

  it('a focused map link shows a ring, and transitions stop for reduced motion', async () => {
    const page = await browser.page();
    await open(page, '/');
    const link = mapLinks(page, 'home-map').nth(1);
    // Reach it by keyboard, as a keyboard user does, so the browser shows focus.
    await mapLinks(page, 'home-map').first().focus();
    await page.keyboard.press('Tab');
    const focused = await link.evaluate((element) => ({
      visible: element === document.activeElement && element.matches(':focus-visible'),
      stroke: getComputedStyle(element.querySelector('path')!).strokeWidth,
      outline: getComputedStyle(element).outlineStyle,
    }));
    expect(focused).toEqual({ visible: true, stroke: '3px', outline: 'solid' });
    const transition = () => link.locator('path').evaluate((path) => getComputedStyle(path).transitionProperty);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await transition()).toContain('fill');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await transition()).toBe('none');
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`pages with maps have no serious axe finding (${mode})`, async () => {
      const page = await browser.page();
      const paths = await mapPages(page);
      const checked = await browser.page({ colorScheme: mode, colourMode: mode });
      const reports: string[] = [];
      for (const path of ['/', paths.region, paths.district, paths.area]) {
        await open(checked, path);
        reports.push(formatFindings(`${path} (${mode})`, await seriousViolations(checked)));
      }
      expect(reports.filter(Boolean).join('\n\n')).toBe('');
    });
  }

  it('pages with maps do not scroll sideways at 320 px', async () => {
    const page = await browser.page({ viewport: { width: 320, height: 640 } });
    const paths = await mapPages(page);
    for (const path of ['/', paths.region, paths.district, paths.area]) {
      await open(page, path);
      const widest = await page.evaluate(() =>
        [...document.body.querySelectorAll('*')]
          .filter((element) => element.getBoundingClientRect().right > 320.5)
          .slice(0, 3)
          .map((element) => `${element.tagName.toLowerCase()}.${String(element.getAttribute('class') ?? '').split(' ').slice(0, 3).join('.')}`),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: ${widest.join(', ')}`).toBeLessThanOrEqual(320);
    }
  });
});
