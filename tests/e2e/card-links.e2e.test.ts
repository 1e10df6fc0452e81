/**
 * Cards whose title is a link are links as a whole (issue 17, item 7): a click anywhere on the card
 * (here: on its figures, not its title) follows the title's link, the card is one tab stop, and
 * its accessible name is the title alone (components/ui/link-card.ts).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2e, freshContexts, open } from './support/browser.ts';

const { page: newPage } = freshContexts();

/** Clicks the card near its bottom-left corner, away from the title (and from any toggle on the right), and returns where the title pointed. */
async function clickCardBody(page: Page, card: Locator): Promise<string> {
  const title = card.locator('a').first();
  const href = await title.getAttribute('href');
  if (!href) throw new Error('card without a title link');
  const box = await card.boundingBox();
  if (!box) throw new Error('card not shown');
  await page.mouse.click(box.x + 6, box.y + box.height - 6);
  return href;
}

async function expectCardFollowsTitle(page: Page, path: string, card: Locator, width = 1280): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await open(page, path);
  await card.first().scrollIntoViewIfNeeded();
  // One tab stop for the destination: the title is the card's only link (a toggle may sit beside it).
  expect(await card.first().locator('a').count()).toBe(1);
  const href = await clickCardBody(page, card.first());
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === decodeURIComponent(href.split('?')[0] ?? href));
}

describe('whole-card links', () => {
  it('home: a region card', async () => {
    const page = await newPage();
    await expectCardFollowsTitle(page, '/', page.locator('section[aria-labelledby="home-regions"] article'));
  });

  it('regions: a region card, also at 320 px', async () => {
    const page = await newPage();
    await expectCardFollowsTitle(page, '/Regions', page.locator('main article'), 320);
  });

  it('a region page: a sub-region card', async () => {
    const page = await newPage();
    const region = e2e().discovery.pages.find((found) => found.kind === 'region');
    if (!region) throw new Error('no region page discovered');
    await expectCardFollowsTitle(page, region.url, page.locator('section[aria-labelledby="subregions"] article'));
  });

  it('parties: a party card, named by the party alone', async () => {
    const page = await newPage();
    const card = page.locator('main article').first();
    await open(page, '/political-parties');
    const name = await card.locator('h2').innerText();
    expect(await card.getByRole('link').getAttribute('href')).toMatch(/^\/political-parties\//);
    expect((await card.getByRole('link').evaluate((link) => link.textContent ?? '')).trim()).toBe(name.trim());
    await expectCardFollowsTitle(page, '/political-parties', page.locator('main article'));
  });

  it('a candidate row of a list', async () => {
    const page = await newPage();
    const party = e2e().discovery.pages.find((found) => found.kind === 'party');
    if (!party) throw new Error('no party page discovered');
    await expectCardFollowsTitle(page, party.url, page.locator('main li:has(a[href^="/candidate/"])'));
  });
});
