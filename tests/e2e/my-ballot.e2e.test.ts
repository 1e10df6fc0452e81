/**
 * My ballot (issue 17, item 1) in Chromium: a place typed with other case and accents, the
 * hierarchy walked in three taps, a mocked device location inside the demo's known boundary, the
 * place remembered for the home page and forgotten again, the page without JavaScript, axe in
 * light and dark, and no sideways scroll at 320 px.
 */
import { DEMO_KNOWN_LOCATION } from '@ballot-atlas/shared/directory/demo/known-location';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { freshContexts, open, siteFetch } from './support/browser.ts';

const { area, district, region, point } = DEMO_KNOWN_LOCATION;
const BALLOT_PATH = `/my-ballot/${encodeURIComponent(area.slug)}`;
const browser = freshContexts();

/** The ballot of the known area is showing, with at least one race whose candidates are in ballot order. */
async function expectKnownBallot(page: Page): Promise<void> {
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/my-ballot/${area.slug}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(area.name);
  const races = page.locator('section[aria-labelledby^="race-"]');
  expect(await races.count()).toBeGreaterThan(0);
  for (const race of await races.all()) {
    const numbers = (await race.locator('li > span:first-child [aria-hidden="true"]').allTextContents()).map(Number);
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  }
}

describe('finding a place', () => {
  it('suggests the place typed in capitals and with other accents, and opens its ballot', async () => {
    const page = await browser.page();
    await open(page, '/my-ballot');
    const field = page.getByRole('combobox', { name: 'Your place' });
    await field.fill(area.name.toLocaleUpperCase().normalize('NFD').replace(/\p{M}/gu, ''));
    const option = page.getByRole('option').filter({ hasText: area.name }).first();
    await option.click();
    await expectKnownBallot(page);
  });

  it('without JavaScript, lists the places that match and links to the ballot', async () => {
    const page = await browser.page({ javaScript: false });
    await open(page, '/my-ballot', { hydrate: false });
    await page.getByRole('combobox', { name: 'Your place' }).fill(`  ${area.name.toLocaleLowerCase()} `);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.waitForURL(/\/my-ballot\?q=/);
    await page.getByRole('link', { name: new RegExp(area.name) }).first().click();
    await expectKnownBallot(page);
  });

  it('walks region → district → electoral area in three taps', async () => {
    const page = await browser.page();
    await open(page, '/my-ballot');
    await page.getByRole('link', { name: region.name, exact: true }).click();
    await page.getByRole('link', { name: district.name, exact: true }).click();
    await page.getByRole('link', { name: area.name, exact: true }).click();
    await expectKnownBallot(page);
  });

  it('finds the electoral area around the device location', async () => {
    const context = await browser.context();
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ longitude: point[0], latitude: point[1] });
    const page = await context.newPage();
    await open(page, '/my-ballot');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expectKnownBallot(page);
  });

  it('says so, with the finder, when the location is outside every boundary', async () => {
    const response = await siteFetch('/my-ballot?lat=0&lng=0');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('outside every electoral area');
    expect((await siteFetch('/my-ballot?lat=abc&lng=1')).status).toBe(200);
  });

  it('answers 404 for a place or an election that does not exist', async () => {
    expect((await siteFetch('/my-ballot/no-such-place')).status).toBe(404);
    expect((await siteFetch(`${BALLOT_PATH}/no-such-election`)).status).toBe(404);
  });
});

describe('the ballot', () => {
  it('shows polling day, the place’s events and a print link through the PDF export', async () => {
    const page = await browser.page();
    await open(page, BALLOT_PATH);
    await expect.poll(() => page.getByRole('heading', { name: 'Registration and polling' }).count()).toBe(1);
    const print = page.getByRole('link', { name: 'Print my ballot (PDF)' });
    const href = new URL((await print.getAttribute('href')) ?? '', 'http://site.test');
    expect(href.pathname).toBe('/convertToPdf');
    expect(href.searchParams.get('kind')).toBe('text');
    expect(href.searchParams.get('text')).toContain(area.name);
  });

  it('is remembered for the home page, and forgotten with "Change place"', async () => {
    const page = await browser.page();
    await open(page, BALLOT_PATH);
    const cookie = (await page.context().cookies()).find((each) => each.name === 'my-place');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 360 * 86_400);
    await open(page, '/');
    const offer = page.getByRole('link', { name: new RegExp(`Your ballot in ${area.name}`) });
    expect(decodeURIComponent((await offer.getAttribute('href')) ?? '')).toBe(`/my-ballot/${area.slug}`);
    await offer.click();
    await expectKnownBallot(page);
    await page.getByRole('button', { name: 'Change place' }).click();
    await page.waitForURL((url) => url.pathname === '/my-ballot');
    expect((await page.context().cookies()).some((each) => each.name === 'my-place')).toBe(false);
    await open(page, '/');
    expect(await page.getByRole('link', { name: /Find your ballot/ }).count()).toBe(1);
  });
});

describe('on paper', () => {
  it('prints dark text on white from dark mode, without the site header', async () => {
    const page = await browser.page({ colorScheme: 'dark', colourMode: 'dark' });
    await open(page, BALLOT_PATH);
    // Computed colours come back in Tailwind's colour spaces (lab(…)); a canvas turns them into RGBA.
    const colours = () =>
      page.evaluate(() => {
        const rgba = (colour: string) => {
          const context = document.createElement('canvas').getContext('2d')!;
          context.fillStyle = colour;
          context.fillRect(0, 0, 1, 1);
          return [...context.getImageData(0, 0, 1, 1).data];
        };
        const style = (selector: string) => getComputedStyle(document.querySelector(selector) as Element);
        return { heading: rgba(style('h1').color), body: rgba(style('body').backgroundColor), header: style('header').display };
      });
    const brightness = ([red, green, blue]: number[]) => ((red ?? 0) + (green ?? 0) + (blue ?? 0)) / 3;
    const onScreen = await colours();
    expect(brightness(onScreen.heading), 'dark mode on screen: a light heading').toBeGreaterThan(200);
    await page.emulateMedia({ media: 'print' });
    const printed = await colours();
    expect(brightness(printed.heading), 'on paper: a dark heading').toBeLessThan(60);
    expect(printed.body[3] === 0 || brightness(printed.body) > 245, `on paper: a white page, not ${printed.body.join(',')}`).toBe(true);
    expect(printed.header).toBe('none');
  });
});

const PAGES = [
  ['finder', '/my-ballot'],
  ['districts', `/my-ballot?region=${encodeURIComponent(region.slug)}`],
  ['search results', `/my-ballot?q=${encodeURIComponent(area.name)}`],
  ['ballot', BALLOT_PATH],
] as const;

describe('accessibility and small screens', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`has no serious axe finding in ${mode} mode`, async () => {
      const page = await browser.page({ colorScheme: mode, colourMode: mode });
      for (const [name, path] of PAGES) {
        await open(page, path);
        await expectNoSeriousViolations(page, `${name} (${mode})`);
      }
    });
  }

  it('does not scroll sideways at 320 px', async () => {
    const page = await browser.page({ viewport: { width: 320, height: 640 } });
    for (const [name, path] of PAGES) {
      await open(page, path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(320);
    }
  });
});
