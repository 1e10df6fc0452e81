/** Works from 320 px wide (product §4): no page scrolls sideways; the widest offenders are named on failure. */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeBrowser, newContext, open } from './support/browser.ts';
import { allPages } from './support/pages.ts';

const WIDTH = 320;
const pages = await allPages();

let context: BrowserContext;
beforeAll(async () => {
  context = await newContext({ viewport: { width: WIDTH, height: 640 } });
});
afterAll(async () => {
  await context?.close();
  await closeBrowser();
});

it.each(pages.map((page) => [`${page.name} ${page.path}`, page] as const))('%s has no horizontal scroll at 320 px', async (_label, sitePage) => {
  const page = await context.newPage();
  try {
    const status = await open(page, sitePage.path);
    expect(status).toBe(sitePage.status);
    const { scrollWidth, offenders } = await page.evaluate((width) => {
      const describe = (element: Element): string => {
        const id = element.id ? `#${element.id}` : '';
        const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}` : '';
        return `${element.tagName.toLowerCase()}${id}${classes}`;
      };
      const wide = [...document.body.querySelectorAll('*')]
        .map((element) => ({ element, right: element.getBoundingClientRect().right }))
        .filter(({ right }) => right > width + 0.5)
        // Report the outermost offenders only.
        .filter(({ element }, _index, all) => !all.some((other) => other.element !== element && other.element.contains(element)))
        .slice(0, 5)
        .map(({ element, right }) => `${describe(element)} (right edge ${Math.round(right)} px: "${(element.textContent ?? '').trim().slice(0, 40)}")`);
      return { scrollWidth: document.documentElement.scrollWidth, offenders: wide };
    }, WIDTH);
    expect(scrollWidth, `document scrollWidth at ${WIDTH} px; widest elements: ${offenders.join('; ') || 'none found'}`).toBeLessThanOrEqual(WIDTH);
  } finally {
    await page.close();
  }
});
