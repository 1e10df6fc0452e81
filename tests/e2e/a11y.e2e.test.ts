/**
 * axe-core on every page (static, search results, one per URL pattern, both 404 kinds) in light and
 * dark mode: no serious or critical violation. One browser context per mode, reused by every page.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFindings, seriousViolations } from './support/axe.ts';
import { closeBrowser, newContext, open } from './support/browser.ts';
import { allPages } from './support/pages.ts';

const pages = await allPages();

afterAll(closeBrowser);

describe.each(['light', 'dark'] as const)('axe, %s mode', (mode) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext({ colorScheme: mode, colourMode: mode });
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(pages.map((page) => [`${page.name} ${page.path}`, page] as const))('%s', async (_label, sitePage) => {
    const page = await context.newPage();
    try {
      const status = await open(page, sitePage.path);
      expect(status, 'HTTP status').toBe(sitePage.status);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), `${mode} mode applied`).toBe(mode === 'dark');
      const report = formatFindings(`${sitePage.path} (${mode})`, await seriousViolations(page));
      expect(report, report).toBe('');
    } finally {
      await page.close();
    }
  });
});
