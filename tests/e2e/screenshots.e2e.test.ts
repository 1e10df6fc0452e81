/**
 * Not a check: full-page screenshots of the main pages, light and dark, at 1280 and 320 px, for a
 * person to look at (tall 320 px pages also in 900 px parts, under parts/). Runs only when
 * E2E_SCREENSHOTS names a directory, e.g.
 *   E2E_SCREENSHOTS=/tmp/screens npx vitest run -c vitest.e2e.config.ts screenshots
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { closeBrowser, e2e, newContext, open } from './support/browser.ts';
import { searchTerm } from './support/pages.ts';

const directory = process.env['E2E_SCREENSHOTS'];

afterAll(closeBrowser);

describe.skipIf(!directory)('screenshots', () => {
  it('main pages, light and dark, 1280 and 320 px', async () => {
    mkdirSync(join(directory!, 'parts'), { recursive: true });
    const discovered = Object.fromEntries(e2e().discovery.pages.map((page) => [page.kind, page.url]));
    const pages: [string, string | undefined][] = [
      ['home', '/'],
      ['regions', '/Regions'],
      ['region', discovered['region']],
      ['district-areas', discovered['areasOfDistrict']],
      ['area-candidates', discovered['candidatesOfArea']],
      ['candidate', discovered['candidate']],
      ['parties', '/political-parties'],
      ['party', discovered['party']],
      ['search', `/search?q=${encodeURIComponent(await searchTerm())}`],
      ['calendar', '/eventCalendar'],
      ['my-ballot', '/my-ballot'],
      ['my-ballot-matches', `/my-ballot?q=${encodeURIComponent('saint')}`],
      ['contact', '/Contact'],
      ['not-found', '/this/does-not-exist'],
      ['error', '/nowhere-region'],
    ];
    for (const mode of ['light', 'dark'] as const) {
      for (const width of [1280, 320]) {
        const context = await newContext({ colorScheme: mode, colourMode: mode, viewport: { width, height: width === 320 ? 640 : 800 } });
        for (const [name, path] of pages) {
          if (!path) continue;
          const page = await context.newPage();
          try {
            await open(page, path);
            await page.waitForTimeout(150);
            await page.screenshot({ path: join(directory!, `${name}-${mode}-${width}.png`), fullPage: true });
            // Narrow pages get tall: also save them in screen-sized parts, readable at full size.
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            if (width === 320 && height > 1000) {
              for (let part = 0, y = 0; y < height; part++, y += 900) {
                const clip = { x: 0, y, width, height: Math.min(900, height - y) };
                await page.screenshot({ path: join(directory!, 'parts', `${name}-${mode}-${width}-part${part + 1}.png`), fullPage: true, clip });
              }
            }
          } catch (error) {
            console.warn(`screenshot ${name} ${mode} ${width}: ${String(error)}`);
          } finally {
            await page.close();
          }
        }
        await context.close();
      }
    }
  }, 300_000);
});
