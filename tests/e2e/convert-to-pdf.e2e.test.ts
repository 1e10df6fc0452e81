/**
 * `/convertToPdf` (issue 13, items 5 and 6): a guest chooses an electoral area, follows the export
 * while it runs, downloads a real PDF holding the area's candidates; another guest cannot open that
 * file or its result page; the page works without JavaScript (it refreshes itself while the export
 * runs); a directory page's "Download PDF" opens the form pre-filled; axe finds nothing serious.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../functions/export-pdf/src/test-support/poppler.ts';
import { buildPath } from '../../apps/web/app/lib/urls.ts';
import { q } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { api, consoleProblems, formatConsole, freshContexts, open, watchConsole } from './support/browser.ts';
import { saveScreenshot } from './support/console-screens.ts';
import { horizontalOverflow } from './support/account.ts';

const contexts = freshContexts();

/** An electoral area with candidates, one of its candidates' names, and the area's region (for its page). */
async function areaWithCandidates() {
  const candidate = await api().first('candidates', [q.notEqual('electoralAreaId', '')]);
  const area = await api().get('electoral_areas', String(candidate!['electoralAreaId']));
  const region = await api().get('regions', String(area!['regionId']));
  return { area: area!, region: region!, candidateName: String(candidate!['name']) };
}

/** Fills the form for an electoral area by name, choosing it from the matches when several areas share the name. */
async function requestAreaExport(page: Page, areaId: string, areaName: string): Promise<void> {
  await page.getByRole('radio', { name: 'An electoral area' }).check();
  await page.getByLabel('Name of the area, district, region or party').fill(areaName);
  await page.getByRole('button', { name: 'Make the PDF' }).click();
  const choice = page.locator(`input[type=radio][name=id][value="${areaId}"]`);
  await Promise.race([page.waitForURL(/execution=/), choice.waitFor()]);
  if (!page.url().includes('execution=')) {
    await choice.check();
    await page.getByRole('button', { name: 'Make the PDF' }).click();
    await page.waitForURL(/execution=/);
  }
}

async function downloadedBy(context: BrowserContext, href: string) {
  const response = await context.request.get(href);
  return { status: response.status(), body: await response.body() };
}

describe('/convertToPdf', () => {
  it('a guest exports an electoral area, follows its progress and downloads the PDF; another guest cannot open it', async () => {
    const { area, candidateName } = await areaWithCandidates();
    const first = await contexts.context();
    const page = await first.newPage();
    const messages = watchConsole(page);
    expect(await open(page, '/convertToPdf')).toBe(200);
    await expectNoSeriousViolations(page, '/convertToPdf form');
    await saveScreenshot(page, 'convert-to-pdf-form-light-1280');

    await requestAreaExport(page, area.$id, String(area['name']));
    const status = page.getByRole('region', { name: 'Your export' }).getByRole('status');
    const seen = new Set<string>();
    const download = page.getByRole('link', { name: 'Download PDF' });
    const deadline = Date.now() + 60_000;
    while (!(await download.isVisible()) && Date.now() < deadline) {
      const state = await status.locator('[data-status]').getAttribute('data-status').catch(() => null);
      if (state) seen.add(state);
      await page.waitForTimeout(100);
    }
    expect(await download.isVisible(), `statuses seen: ${[...seen].join(', ')}`).toBe(true);
    expect(seen.size).toBeGreaterThan(0);
    expect([...seen].every((state) => ['waiting', 'processing', 'completed'].includes(state))).toBe(true);
    await expect.poll(() => status.textContent()).toContain('Your PDF is ready.');
    await expectNoSeriousViolations(page, '/convertToPdf result');
    await saveScreenshot(page, 'convert-to-pdf-result-light-1280');

    const href = (await download.getAttribute('href'))!;
    const pdf = await downloadedBy(first, href);
    expect(pdf.status).toBe(200);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf.body)).toContain(candidateName);

    // Another guest: neither the file nor the result page.
    const second = await contexts.context();
    expect((await downloadedBy(second, href)).status).toBe(404);
    const stranger = await second.newPage();
    expect(await open(stranger, page.url().replace(/^https?:\/\/[^/]+/, ''))).toBe(404);
    await expect.poll(() => stranger.getByRole('alert').textContent()).toContain('not yours');
    expect(formatConsole(consoleProblems(messages))).toBe('');
  }, 120_000);

  it('works without JavaScript: the result page refreshes itself until the PDF is ready', async () => {
    const { area } = await areaWithCandidates();
    const context = await contexts.context({ javaScript: false });
    const page = await context.newPage();
    await open(page, '/convertToPdf', { hydrate: false });
    await requestAreaExport(page, area.$id, String(area['name']));
    const download = page.getByRole('link', { name: 'Download PDF' });
    await download.waitFor({ timeout: 60_000 });
    const pdf = await downloadedBy(context, (await download.getAttribute('href'))!);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);

  it('"Download PDF" on an electoral area\'s page opens the form with that area chosen; it fits 320 px in light and dark', async () => {
    const { area, region } = await areaWithCandidates();
    for (const colourMode of ['light', 'dark'] as const) {
      const page = await contexts.page({ colourMode, viewport: { width: 320, height: 720 } });
      await open(page, buildPath('candidatesOfArea', { area: String(area['slug']), region: String(region['slug']) }));
      await page.getByRole('link', { name: `Download ${String(area['name'])} as PDF` }).click();
      await page.waitForURL(/\/convertToPdf\?kind=area&id=/);
      await expect.poll(() => page.getByLabel('Name of the area, district, region or party').inputValue()).toBe(String(area['name']));
      expect(await page.getByRole('radio', { name: 'An electoral area' }).isChecked()).toBe(true);
      expect(await horizontalOverflow(page)).toBe('');
      await expectNoSeriousViolations(page, `/convertToPdf pre-filled, ${colourMode}, 320 px`);
      await saveScreenshot(page, `convert-to-pdf-prefilled-${colourMode}-320`);
    }
  }, 120_000);
});
