/**
 * The header search box (product §3): typing shows suggestions; ArrowDown highlights one and Enter
 * opens it — keyboard only. Enter without a highlighted suggestion opens the results page.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, consoleProblems, formatConsole, open, watchConsole, fileContext } from './support/browser.ts';
import { searchTerm } from './support/pages.ts';

const context = fileContext();

function searchInput(page: Page): Locator {
  return page.locator('header').locator('[role="combobox"], input[type="search"], input[name="q"]').first();
}

function options(page: Page): Locator {
  return page.locator('[role="listbox"] [role="option"]');
}

describe('search suggestions', () => {
  it('type → suggestions → ArrowDown → Enter opens the highlighted suggestion', async () => {
    const term = await searchTerm();
    const page = await context().newPage();
    const log = watchConsole(page);
    await open(page, '/Regions');
    const input = searchInput(page);
    await input.focus();
    await input.pressSequentially(term, { delay: 40 });
    await options(page).first().waitFor({ state: 'visible' });
    const shown = await options(page).allInnerTexts();
    expect(shown.some((text) => text.includes(term)), `a suggestion for "${term}" among ${JSON.stringify(shown)}`).toBe(true);
    expect(await input.getAttribute('aria-expanded'), 'the combobox says it is expanded').toBe('true');

    await page.keyboard.press('ArrowDown');
    const active = await page.evaluate(() => {
      const input = document.activeElement as HTMLElement | null;
      const activeId = input?.getAttribute('aria-activedescendant');
      const option = (activeId && document.getElementById(activeId)) || document.querySelector('[role="listbox"] [role="option"][aria-selected="true"]');
      if (!option) return null;
      const link = option.matches('a[href]') ? option : option.querySelector('a[href]');
      return { text: (option.textContent ?? '').trim(), href: link?.getAttribute('href') ?? null, focusedIsInput: input?.tagName === 'INPUT' };
    });
    expect(active, 'ArrowDown highlights a suggestion (aria-activedescendant or aria-selected)').not.toBeNull();
    expect(active!.focusedIsInput, 'focus stays in the search box').toBe(true);

    const before = page.url();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.href !== before);
    const landed = new URL(page.url());
    expect(landed.pathname).not.toBe('/Regions');
    if (active!.href) expect(decodeURI(landed.pathname + landed.search)).toBe(decodeURI(new URL(active!.href, baseUrl()).pathname + new URL(active!.href, baseUrl()).search));
    await page.locator('h1').first().waitFor({ state: 'visible' });
    expect(await page.title()).not.toContain('Problem');
    expect(formatConsole(consoleProblems(log))).toBe('');
    await page.close();
  });

  it('Enter with no suggestion highlighted opens the results page for the text', async () => {
    const term = await searchTerm();
    const page = await context().newPage();
    await open(page, '/');
    const input = searchInput(page);
    await input.focus();
    await input.pressSequentially(term, { delay: 20 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe(term);
    await expect.poll(() => page.locator('main').innerText()).toContain(term);
    await page.close();
  });

  it('Escape closes the suggestions', async () => {
    const term = await searchTerm();
    const page = await context().newPage();
    await open(page, '/');
    const input = searchInput(page);
    await input.focus();
    await input.pressSequentially(term.slice(0, 4), { delay: 40 });
    await options(page).first().waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await options(page).first().waitFor({ state: 'hidden' });
    await page.close();
  });
});
