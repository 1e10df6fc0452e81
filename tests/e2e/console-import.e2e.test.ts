/**
 * Importing in the console, in real Chromium against the real API: an editor uploads a candidates
 * CSV (2,000 demo candidates as they are, two new ones, a row with a broken quote and one with a
 * status that does not exist); the dry run lists the refused rows first with their line numbers;
 * "Import 2 rows" shows a real progress bar that is seen part-way; once completed the new
 * candidates are on the public site and the history lists them with the file's name as source.
 * Importing the same file again finds nothing to write. Axe (light and dark) and 320 px on the
 * pages; E2E_SCREENSHOTS=dir saves them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toCell } from '../../apps/api/src/directory-io/csv-cells.ts';
import { csvColumns, csvText } from '../../apps/api/src/directory-io/csv-export.ts';
import { loadProjectSchema } from '../../apps/api/src/schema/project-schema.ts';
import { uniqueEmail } from './support/account.ts';
import { q, type ApiDocument } from './support/api.ts';
import { api, consoleProblems, formatConsole, freshContexts, open, siteFetch, waitForHydration, watchConsole } from './support/browser.ts';
import { recordProgress, progressValues } from './support/console-records.ts';
import { checkConsoleScreens, saveScreenshot, signedInContext } from './support/console-screens.ts';
import { CONSOLE, createMember } from './support/teams.ts';

const browserContexts = freshContexts();
const main = (page: Page) => page.getByRole('main');
const suffix = Date.now().toString(36).slice(-5);
const UNCHANGED = 2000;

/** candidates.csv: demo candidates unchanged, then two new ones, then two broken rows; the new candidates' names and the broken rows' lines. */
async function candidatesFile(): Promise<{ path: string; names: string[]; brokenQuoteLine: number; badStatusLine: number }> {
  const schema = loadProjectSchema(join(import.meta.dirname, '../../appwrite.json'));
  const collection = schema.collections.find((entry) => entry.databaseId === 'main' && entry.$id === 'candidates')!;
  const existing = (await api().list('candidates', [q.orderAsc('$sequence'), q.limit(UNCHANGED)])).documents;
  expect(existing).toHaveLength(UNCHANGED);
  const row = (document: ApiDocument) => [document.$id, ...collection.attributes.map((attribute) => toCell(attribute, document[attribute.key] ?? null))];
  const names = [`Imani Importée ${suffix}`, `Juma Imported ${suffix}`];
  const fresh = names.map((name, index) => row({ ...existing[index]!, $id: `imported-${suffix}-${index}`, name, slug: `imported-${suffix}-${index}`, photoFileId: null }));
  const text = csvText([csvColumns(collection), ...existing.map(row), ...fresh]);
  // A quote inside an unquoted field: the row is refused alone and every later row is still read.
  const broken = csvText([row({ ...existing[2]!, $id: `broken-${suffix}`, name: 'BROKEN' })]).replace('BROKEN', 'Broken "quote" name');
  const badStatus = csvText([row({ ...existing[3]!, $id: `bad-status-${suffix}`, status: 'crowned' })]);
  const folder = mkdtempSync(join(tmpdir(), 'console-import-'));
  const path = join(folder, 'candidates.csv');
  writeFileSync(path, `${text}${broken}${badStatus}`);
  // Physical lines: a field with a line break in it spans two.
  const brokenQuoteLine = text.split('\n').length;
  return { path, names, brokenQuoteLine, badStatusLine: brokenQuoteLine + broken.split('\n').length - 1 };
}

describe('import in the console', () => {
  it('uploads a CSV, shows the dry run by line, imports with a progress bar, and the history keeps the file name as source', async () => {
    const email = uniqueEmail('importer');
    await createMember({ email, name: 'Neema Mleta' }, 'editor');
    const file = await candidatesFile();
    const page = await (await signedInContext(browserContexts, email)).newPage();
    const problems = watchConsole(page);

    expect(await open(page, CONSOLE)).toBe(200);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Import' }).click();
    await page.waitForURL((url) => url.pathname === `${CONSOLE}/imports`);
    await waitForHydration(page);
    await main(page).getByLabel('File to import').setInputFiles(file.path);
    await main(page).getByText('Uploaded. Check it to see what the import would do.').waitFor({ timeout: 60_000 });
    await main(page).getByRole('button', { name: 'Check the file' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${CONSOLE}/imports/`));
    const jobPath = new URL(page.url()).pathname;

    // The dry run: refused rows first, with their lines and reasons.
    await main(page).getByRole('heading', { name: 'Dry run: what the import would do' }).waitFor({ timeout: 60_000 });
    const report = main(page).getByRole('table');
    const brokenRow = report.getByRole('row').filter({ has: page.getByRole('cell', { name: String(file.brokenQuoteLine), exact: true }) });
    await expect.poll(() => brokenRow.textContent()).toMatch(/Refused.*quote/);
    const badRow = report.getByRole('row').filter({ has: page.getByRole('cell', { name: String(file.badStatusLine), exact: true }) });
    expect(await badRow.textContent()).toMatch(/Refused.*status/);
    await saveScreenshot(page, 'import-dry-run');
    await main(page).getByRole('link', { name: 'Unchanged (2,000)' }).click();
    await expect.poll(() => report.getByRole('row').nth(1).textContent()).toMatch(/^2candidate/i);

    // The write, with a progress bar seen part-way.
    await recordProgress(page);
    await main(page).getByRole('button', { name: 'Import 2 rows' }).click();
    await main(page).getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await saveScreenshot(page, 'import-progress', false);
    await main(page).getByRole('heading', { name: 'Import completed' }).waitFor({ timeout: 120_000 });
    const total = UNCHANGED + 4;
    const seen = await progressValues(page);
    expect(seen.some((value) => value > 0 && value < total), `progress went through a part-way value: ${seen.join(', ')}`).toBe(true);

    // In the history with the file as source, and on the public site.
    await main(page).getByRole('link', { name: 'See these changes in the history (source “candidates.csv”)' }).click();
    await page.waitForURL((url) => url.pathname === `${CONSOLE}/history` && url.searchParams.get('source') === 'candidates.csv');
    await main(page).getByRole('heading', { name: 'Changes from “candidates.csv”', level: 1 }).waitFor();
    for (const name of file.names) await expect.poll(() => main(page).getByRole('listitem').filter({ hasText: name }).filter({ hasText: 'candidates.csv' }).count()).toBeGreaterThan(0);
    for (const [index, name] of file.names.entries()) {
      expect(await open(page, `${CONSOLE}/candidates/imported-${suffix}-${index}`)).toBe(200);
      const publicPath = await main(page).getByRole('link', { name: 'View on the site' }).getAttribute('href');
      const response = await siteFetch(publicPath!);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(name);
    }
    expect(await api().get('candidates', `broken-${suffix}`)).toBeNull();

    // The same file again: nothing to write.
    expect(await open(page, `${CONSOLE}/imports`)).toBe(200);
    await main(page).getByLabel('File to import').setInputFiles(file.path);
    await main(page).getByText('Uploaded. Check it to see what the import would do.').waitFor({ timeout: 60_000 });
    await main(page).getByRole('button', { name: 'Check the file' }).click();
    await main(page).getByText('Nothing to write: every row is unchanged or refused.').waitFor({ timeout: 60_000 });
    const againPath = new URL(page.url()).pathname;
    expect(formatConsole(consoleProblems(problems))).toBe('');

    const findings = await checkConsoleScreens({
      context: (options) => signedInContext(browserContexts, email, options),
      paths: [`${CONSOLE}/imports`, jobPath, `${jobPath}?tab=unchanged&page=2`, againPath, `${CONSOLE}/history?source=candidates.csv`],
      name: (path) => `import-${path === `${CONSOLE}/imports` ? 'list' : path === againPath ? 'again' : path.includes('source=') ? 'history' : path.includes('?') ? 'report-page-2' : 'completed'}`,
    });
    expect(findings).toBe('');
    // Two imports of 2,004 rows in batches of 10, then 20 page views checked with axe.
  }, 240_000);

  it('works without JavaScript: the form posts the file, the page reloads itself while the import runs', async () => {
    const email = uniqueEmail('importer-nojs');
    await createMember({ email, name: 'Baraka Bila Script' }, 'editor');
    const slug = `chama-bila-script-${suffix}`;
    const page = await (await signedInContext(browserContexts, email, { javaScript: false })).newPage();
    await page.goto(`${CONSOLE}/imports`);
    await main(page).getByLabel('File to import').setInputFiles({ name: 'parties.csv', mimeType: 'text/csv', buffer: Buffer.from(`$id,name,slug\r\nnojs-${suffix},Chama cha Bila Script ${suffix},${slug}\r\n`) });
    await main(page).getByRole('button', { name: 'Check the file' }).click();
    await main(page).getByRole('button', { name: 'Import 1 row' }).waitFor({ timeout: 30_000 });
    await main(page).getByRole('button', { name: 'Import 1 row' }).click();
    await main(page).getByRole('heading', { name: 'Import completed' }).waitFor({ timeout: 30_000 });
    expect((await siteFetch(`/political-parties/${slug}`)).status).toBe(200);
    // Other files count the parties' logos: the shared data goes back to the demo's parties.
    await api().delete('parties', `nojs-${suffix}`);
  });
});
