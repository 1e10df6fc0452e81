/**
 * Language (seed §4, product §4): the picker's choice lands in the translation cookie, survives a
 * reload, and the server renders that language on the first byte (<html lang>, strings in the raw
 * HTML). A language outside the supported list is refused with a console warning and changes nothing.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, siteFetch, open, watchConsole, fileContext } from './support/browser.ts';

const FRENCH_SKIP_LINK = 'Aller au contenu';
const FRENCH_REGIONS = 'Régions';

const context = fileContext();

const picker = (page: Page) => page.getByLabel(/^(language|langue|lugha)$/i).first();

async function cookieHeader(): Promise<string> {
  return (await context().cookies(baseUrl())).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

describe('language', () => {
  it('choosing French persists across a reload and changes the server-rendered HTML', async () => {
    const page = await context().newPage();
    await open(page, '/Regions');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await picker(page).selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang').catch(() => null)).toBe('fr');
    await expect.poll(() => page.locator('header nav:visible').innerText().catch(() => '')).toContain(FRENCH_REGIONS);
    expect(new URL(page.url()).pathname, 'the visitor stays on the page').toBe('/Regions');

    await page.reload();
    await page.locator('html[lang="fr"]').waitFor({ state: 'attached' });
    expect(await picker(page).inputValue()).toBe('fr');
    expect(await page.locator('header nav:visible').innerText()).toContain(FRENCH_REGIONS);

    const cookies = await cookieHeader();
    expect(cookies).toMatch(/(^|; )lang=fr(;|$)/);
    const html = await (await siteFetch(`/Regions`, { headers: { Cookie: cookies } })).text();
    expect(html).toMatch(/<html[^>]*\blang="fr"/);
    expect(html).toContain(FRENCH_SKIP_LINK);
    expect(html).toContain(FRENCH_REGIONS);
    const english = await (await siteFetch(`/Regions`)).text();
    expect(english, 'without the cookie the page stays English').toMatch(/<html[^>]*\blang="en"/);
    await page.close();
  });

  it('a language chosen in another tab: the next link followed opens in it, fully translated', async () => {
    await context().clearCookies();
    const page = await context().newPage();
    await open(page, '/Regions');
    // Marks this document: a navigation inside the app keeps it, a page load replaces it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await context().addCookies([{ name: 'lang', value: 'fr', url: baseUrl() }]);
    await page.locator('header nav:visible').getByRole('link').filter({ hasText: /^Districts$/ }).first().click();
    await page.waitForURL((url) => url.pathname === '/Districts');
    await page.locator('html[lang="fr"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('header nav:visible').first().innerText().catch(() => '')).toContain(FRENCH_REGIONS);
    await expect.poll(() => page.evaluate(() => 'sameDocument' in window), { message: 'the French page was loaded afresh' }).toBe(false);
    expect(await page.getByRole('link', { name: FRENCH_SKIP_LINK }).count()).toBe(1);
    await page.close();
  });

  it('an unsupported language logs a warning and changes nothing', async () => {
    const page = await context().newPage();
    await context().clearCookies();
    await open(page, '/Regions');
    const log = watchConsole(page);
    const cookiesBefore = await cookieHeader();
    const select = picker(page);
    // A visitor (or a stale page) offers a language the site does not support.
    await select.evaluate((element) => {
      const option = document.createElement('option');
      option.value = 'de';
      option.textContent = 'Deutsch';
      element.appendChild(option);
    });
    await select.selectOption('de');
    await expect.poll(() => log.some((entry) => entry.type === 'warning' && /de/.test(entry.text) && /unsupported|not supported/i.test(entry.text)), { message: 'a console warning names the refused language' }).toBe(true);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/Regions');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await cookieHeader()).toBe(cookiesBefore);

    // The server refuses it as well: posting it sets no cookie.
    const response = await siteFetch(`/set-language`, {
      method: 'POST',
      body: new URLSearchParams({ lang: 'de', redirectTo: '/Regions' }),
      redirect: 'manual',
    });
    expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith('lang='))).toEqual([]);
    await page.close();
  });
});
