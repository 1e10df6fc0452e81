/**
 * The phone header (issue 17, item 7): at 320 px the search box is a full-width row of its own and
 * the navigation and pickers live in a menu (a <details> disclosure) that opens and closes from
 * the keyboard, with or without JavaScript; below 1280 px the same menu layout (with the search box
 * as a wide row), and from 1280 px one row in every language. The navigation marks the
 * section a page belongs to: hierarchy pages under `/districts/…` are in Regions, not Districts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2e, freshContexts, open } from './support/browser.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { searchTerm } from './support/pages.ts';

const PHONE = { width: 320, height: 640 };
const { page: newPage } = freshContexts();

const menuButton = (page: Page) => page.locator('header summary');
const phoneNav = (page: Page) => page.locator('header details nav');

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

function discovered(kind: string): string {
  const found = e2e().discovery.pages.find((page) => page.kind === kind);
  if (!found) throw new Error(`no ${kind} page discovered`);
  return found.url;
}

describe('phone header at 320 px', () => {
  it('fits: the search box is a full-width row, the header one brand row above it, nothing scrolls sideways', async () => {
    const page = await newPage({ viewport: PHONE });
    await open(page, '/');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const search = page.locator('header').getByRole('combobox', { name: 'Search the directory' });
    const box = await search.boundingBox();
    expect(box, 'the search field is shown').not.toBeNull();
    // The field spans the page but for the header's padding (16 px each side), not a "Sea" stub.
    expect(box!.width).toBeGreaterThanOrEqual(PHONE.width - 2 * 16 - 1);
    expect(await page.locator('header nav:visible').count(), 'the navigation waits in the menu').toBe(0);
    const brand = await page.locator('header a[href="/"]').boundingBox();
    const menu = await menuButton(page).boundingBox();
    expect(Math.abs(brand!.y + brand!.height / 2 - (menu!.y + menu!.height / 2)), 'brand and menu button on one row').toBeLessThan(8);
    expect(box!.y).toBeGreaterThan(menu!.y + menu!.height - 1);
  });

  it('search is usable: typing a name and pressing Enter shows its results', async () => {
    const page = await newPage({ viewport: PHONE });
    await open(page, '/');
    const term = await searchTerm();
    const search = page.locator('header').getByRole('combobox', { name: 'Search the directory' });
    await search.fill(term);
    // Enter with no suggestion highlighted submits the form (Escape would clear the text).
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === term);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  it('the menu opens and closes from the keyboard, Escape returns focus to its button, and its links navigate', async () => {
    const page = await newPage({ viewport: PHONE });
    await open(page, '/');
    const button = menuButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('header details').getAttribute('open')).toBe('');
    await phoneNav(page).getByRole('link', { name: 'Parties' }).waitFor();
    expect(await horizontalOverflow(page), 'the open menu fits too').toBeLessThanOrEqual(0);
    // The pickers are in the menu: the language select and the three colour buttons.
    expect(await page.locator('header details').getByRole('combobox', { name: 'Language' }).count()).toBe(1);
    expect(await page.locator('header details').getByRole('button', { name: 'Dark', exact: true }).count()).toBe(1);

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('My ballot');
    await page.keyboard.press('Escape');
    expect(await page.locator('header details').getAttribute('open')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');

    await page.keyboard.press('Space');
    await phoneNav(page).getByRole('link', { name: 'Parties' }).click();
    await page.waitForURL((url) => url.pathname === '/political-parties');
    await expect.poll(() => page.locator('header details').getAttribute('open'), { message: 'a followed link closes the menu' }).toBeNull();
  });

  it('the menu button reports its state to assistive technology', async () => {
    const page = await newPage({ viewport: PHONE });
    await open(page, '/');
    const session = await page.context().newCDPSession(page);
    const expanded = async (): Promise<unknown> => {
      const { nodes } = (await session.send('Accessibility.getFullAXTree')) as { nodes: { name?: { value?: string }; properties?: { name: string; value: { value: unknown } }[] }[] };
      const node = nodes.find((candidate) => candidate.name?.value === 'Menu' && candidate.properties?.some((property) => property.name === 'expanded'));
      return node?.properties?.find((property) => property.name === 'expanded')?.value.value;
    };
    expect(await expanded()).toBe(false);
    await menuButton(page).click();
    await expect.poll(expanded).toBe(true);
  });

  it('opens without JavaScript too', async () => {
    const page = await newPage({ viewport: PHONE, javaScript: false });
    await open(page, '/', { hydrate: false });
    await menuButton(page).click();
    await phoneNav(page).getByRole('link', { name: 'Calendar' }).click();
    await page.waitForURL((url) => url.pathname === '/eventCalendar');
  });

  it.each(['light', 'dark'] as const)('has no serious axe violation, menu open, in %s mode', async (mode) => {
    const page = await newPage({ viewport: PHONE, colorScheme: mode, colourMode: mode });
    await open(page, discovered('candidate'));
    await expectNoSeriousViolations(page, `candidate page at 320 px, ${mode}`);
    await menuButton(page).click();
    await phoneNav(page).waitFor();
    await expectNoSeriousViolations(page, `phone menu open, ${mode}`);
  });
});

describe('wide header', () => {
  it('keeps one row at 1280 px in every language: navigation, search, pickers and account visible, no menu button', async () => {
    for (const language of ['en', 'fr', 'sw']) {
      const page = await newPage({ viewport: { width: 1280, height: 800 } });
      await open(page, `/?lang=${language}`);
      expect(await menuButton(page).isVisible(), language).toBe(false);
      const search = await page.locator('header input[role="combobox"]').boundingBox();
      const middle = (box: { y: number; height: number } | null) => box!.y + box!.height / 2;
      for (const part of ['header nav:visible', 'header select:visible', 'header a[href^="/signin"]', 'header a[href="/"]']) {
        expect(Math.abs(middle(await page.locator(part).boundingBox()) - middle(search)), `${language}: ${part} on the search box's row`).toBeLessThan(8);
      }
      await page.close();
    }
  });

  it('below 1280 px (French at 1024) the navigation and pickers wait in the menu, the search box has its own row', async () => {
    const page = await newPage({ viewport: { width: 1024, height: 768 } });
    await open(page, '/?lang=fr');
    expect(await menuButton(page).isVisible()).toBe(true);
    expect(await page.locator('header nav:visible').count()).toBe(0);
    const menu = await menuButton(page).boundingBox();
    const signIn = await page.locator('header a[href^="/signin"]').boundingBox();
    expect(Math.abs(menu!.y - signIn!.y)).toBeLessThan(12);
    const search = await page.locator('header input[role="combobox"]').boundingBox();
    expect(search!.y).toBeGreaterThan(menu!.y + menu!.height - 1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  it('marks Districts only on the districts list, and Regions on the pages under a region', async () => {
    const page = await newPage();
    const current = async (): Promise<Record<string, string>> =>
      page.locator('header nav:visible a[aria-current]').evaluateAll((links) => Object.fromEntries(links.map((link) => [link.textContent ?? '', link.getAttribute('aria-current') ?? ''])));
    await open(page, '/Districts');
    expect(await current()).toEqual({ Districts: 'page' });
    for (const kind of ['districtCandidates', 'areasOfDistrictInSubregion', 'districtsOfSubregion', 'candidate', 'region']) {
      const path = e2e().discovery.pages.find((found) => found.kind === kind)?.url;
      if (!path) continue;
      await open(page, path);
      expect(await current(), `${kind} ${path}`).toEqual({ Regions: 'true' });
    }
    await open(page, discovered('party'));
    expect(await current()).toEqual({ Parties: 'true' });
    await open(page, '/About');
    expect(await current()).toEqual({});
  });
});

/** Not a check: for a person to look at. Runs when E2E_SCREENSHOTS names a directory. */
const screenshots = process.env['E2E_SCREENSHOTS'];
describe.skipIf(!screenshots)('header screenshots', () => {
  it('home, a district and a candidate at 320, 375, 768 and 1280 px, light and dark; the phone menu open', async () => {
    const { mkdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    mkdirSync(screenshots!, { recursive: true });
    const pages = [
      ['home', '/'],
      ['district', discovered('areasOfDistrictInSubregion')],
      ['candidate', discovered('candidate')],
    ] as const;
    for (const mode of ['light', 'dark'] as const) {
      for (const width of [320, 375, 768, 1280]) {
        const page = await newPage({ viewport: { width, height: 800 }, colorScheme: mode, colourMode: mode });
        for (const [name, path] of pages) {
          await open(page, path);
          await page.screenshot({ path: join(screenshots!, `${name}-${mode}-${width}.png`) });
        }
        if (width < 768) {
          await menuButton(page).click();
          await phoneNav(page).waitFor();
          await page.screenshot({ path: join(screenshots!, `menu-open-${mode}-${width}.png`) });
        }
        await page.context().close();
      }
    }
  }, 300_000);
});
