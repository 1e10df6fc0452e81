/**
 * `/convertToPdf` (issue 13, items 5 and 6): a guest chooses an electoral area, follows the export
 * while it runs, downloads a real PDF holding the area's candidates; another guest cannot open that
 * file or its result page; a long export shows its pages while they are drawn; the anonymous session
 * a guest gets is no account (the header offers "Sign in", signing up converts it, signing in
 * replaces it); the page works without JavaScript (it refreshes itself while the export
 * runs); a directory page's "Download PDF" opens the form pre-filled; axe finds nothing serious.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfInfo, pdfText } from '../../functions/export-pdf/src/test-support/poppler.ts';
import { buildPath } from '../../apps/web/app/lib/urls.ts';
import { q } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { api, consoleProblems, formatConsole, freshContexts, open, watchConsole } from './support/browser.ts';
import { saveScreenshot } from './support/console-screens.ts';
import { createAccount, horizontalOverflow, PASSWORD, signUp, submitPassword, uniqueEmail } from './support/account.ts';

const contexts = freshContexts();

/** An electoral area with candidates, one of its candidates' names, and the area's region (for its page). */
async function areaWithCandidates() {
  const candidate = await api().first('candidates', [q.notEqual('electoralAreaId', '')]);
  const area = await api().get('electoral_areas', String(candidate!['electoralAreaId']));
  const region = await api().get('regions', String(area!['regionId']));
  return { area: area!, region: region!, candidateName: String(candidate!['name']) };
}

/** The region with the most candidates: its export runs long enough to show pages while it is drawn. */
async function busiestRegion() {
  const { documents } = await api().list('candidates', [q.limit(5000)]);
  const counts = new Map<string, number>();
  for (const candidate of documents) counts.set(String(candidate['regionId']), (counts.get(String(candidate['regionId'])) ?? 0) + 1);
  const [regionId] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return (await api().get('regions', regionId))!;
}

/** Fills the form for an electoral area by name, choosing it from the matches when several areas share the name. */
async function requestAreaExport(page: Page, areaId: string, areaName: string, choice = 'An electoral area'): Promise<void> {
  await page.getByRole('radio', { name: choice }).check();
  await page.getByLabel('Name of the area, district, region or party').fill(areaName);
  await page.getByRole('button', { name: 'Make the PDF' }).click();
  const match = page.locator(`input[type=radio][name=id][value="${areaId}"]`);
  await Promise.race([page.waitForURL(/execution=/), match.waitFor()]);
  if (!page.url().includes('execution=')) {
    await match.check();
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

  it('a guest sees the pages drawn while a region is exported; the header still offers "Sign in"; signing up keeps the export', async () => {
    const region = await busiestRegion();
    const context = await contexts.context();
    const page = await context.newPage();
    expect(await open(page, '/convertToPdf')).toBe(200);
    await requestAreaExport(page, region.$id, String(region['name']), 'A region');
    const status = page.getByRole('region', { name: 'Your export' }).getByRole('status');
    const download = page.getByRole('link', { name: 'Download PDF' });
    const pagesSeen: number[] = [];
    const deadline = Date.now() + 90_000;
    while (!(await download.isVisible()) && Date.now() < deadline) {
      const done = await status.locator('[data-pages-done]').getAttribute('data-pages-done', { timeout: 50 }).catch(() => null);
      if (done !== null) pagesSeen.push(Number(done));
      await page.waitForTimeout(100);
    }
    expect(await download.isVisible()).toBe(true);
    expect(pagesSeen.length, 'a pages count was shown before the PDF was ready').toBeGreaterThan(0);
    expect(pagesSeen.every((count) => count > 0)).toBe(true);
    expect(pagesSeen).toEqual([...pagesSeen].sort((a, b) => a - b));
    const pdf = await downloadedBy(context, (await download.getAttribute('href'))!);
    expect(Math.max(...pagesSeen)).toBeLessThanOrEqual(Number(pdfInfo(pdf.body)['Pages']));

    // The anonymous session that owns the export is no account: the header offers "Sign in".
    const banner = page.getByRole('banner');
    await expect.poll(() => banner.getByRole('link', { name: 'Sign in' }).count()).toBe(1);
    expect(await banner.getByRole('button', { name: 'Sign out' }).count()).toBe(0);

    // Signing up converts that account: the result page and the file stay theirs.
    const resultPath = page.url().replace(/^https?:\/\/[^/]+/, '');
    const email = uniqueEmail('exporter');
    await signUp(page, { name: 'Ama Exporter', email });
    // The sign-up ends on a navigation to the profile; the header follows it.
    await expect.poll(() => banner.getByRole('button', { name: 'Sign out' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await open(page, resultPath)).toBe(200);
    await expect.poll(() => status.textContent()).toContain('Your PDF is ready.');
    expect((await downloadedBy(context, (await download.getAttribute('href'))!)).status).toBe(200);
  }, 150_000);

  it('a guest who exported can still sign in to an existing account', async () => {
    const { area } = await areaWithCandidates();
    const email = uniqueEmail('returning');
    await createAccount({ email, name: 'Kofi Returning' });
    const page = await contexts.page();
    await open(page, '/convertToPdf');
    await requestAreaExport(page, area.$id, String(area['name']));
    await page.getByRole('link', { name: 'Download PDF' }).waitFor({ timeout: 60_000 });

    // /signin shows its form to the anonymous guest rather than sending them on as signed in.
    await submitPassword(page, email, PASSWORD, '/signin?next=/activeUserProfile');
    await page.waitForURL((url) => url.pathname === '/activeUserProfile');
    await expect.poll(() => page.getByRole('banner').getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    expect(await page.getByRole('main').textContent()).toContain(email);
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
      await page.getByRole('link', { name: `Download PDF (${String(area['name'])})` }).click();
      await page.waitForURL(/\/convertToPdf\?kind=area&id=/);
      await expect.poll(() => page.getByLabel('Name of the area, district, region or party').inputValue()).toBe(String(area['name']));
      expect(await page.getByRole('radio', { name: 'An electoral area' }).isChecked()).toBe(true);
      expect(await horizontalOverflow(page)).toBe('');
      await expectNoSeriousViolations(page, `/convertToPdf pre-filled, ${colourMode}, 320 px`);
      await saveScreenshot(page, `convert-to-pdf-prefilled-${colourMode}-320`);
    }
  }, 120_000);
});
