/**
 * The change history in real Chromium against the real API: an editor changes a candidate's
 * party in the console (the form refuses it without a source, in the editor's language), giving a
 * source URL; the public page says when it was last updated and links the source (never who made
 * it, nor a note); the record's history shows the change as "party A → party B" by name; reverting
 * it (again with a source) puts party A back and is itself in the history. Without JavaScript the
 * revert works too. Axe (light and dark) and 320 px on the record page and the history pages;
 * E2E_SCREENSHOTS=dir saves them.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './support/account.ts';
import { q, type ApiDocument } from './support/api.ts';
import { api, consoleProblems, e2e, formatConsole, freshContexts, open, watchConsole, type ContextOptions } from './support/browser.ts';
import { checkConsoleScreens, signedInContext } from './support/console-screens.ts';
import { pickRelation } from './support/console-records.ts';
import { CONSOLE, createMember } from './support/teams.ts';

const browserContexts = freshContexts();
const main = (page: Page) => page.getByRole('main');
const suffix = () => Date.now().toString(36).slice(-5);
const GAZETTE = `https://gazette.example.org/nominations/2026/notice-${suffix()}`;
const EDITOR_NAME = 'Zawadi Mwakilishi';

const signedInAs = (email: string, options: ContextOptions & { language?: string } = {}) => signedInContext(browserContexts, email, options);

/** A candidate of its own, made with the operator key in a demo candidate's race, with a party; and another party to move it to. */
async function candidateToEdit(): Promise<{ candidate: ApiDocument; from: ApiDocument; to: ApiDocument }> {
  const model = await api().first('candidates', [q.notEqual('partyId', ''), q.notEqual('electoralAreaId', '')]);
  const parties = (await api().list('parties', [q.orderAsc('name'), q.limit(2)])).documents;
  if (!model || parties.length < 2) throw new Error('the demo data lacks a candidate with a party, or two parties');
  const from = parties[0]!;
  const to = parties[1]!;
  const name = `Baraka Historia ${suffix()}`;
  const { url, apiKey, projectId } = e2e();
  const response = await fetch(`${url}/v1/databases/main/collections/candidates/documents`, {
    method: 'POST',
    headers: { 'X-Appwrite-Project': projectId, 'X-Appwrite-Key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      documentId: 'unique()',
      data: {
        name, slug: name.toLowerCase().replace(/ /g, '-'), status: 'nominated', partyId: from.$id,
        ...Object.fromEntries(['officeId', 'electionId', 'regionId', 'subregionId', 'districtId', 'electoralAreaId'].map((key) => [key, model[key]])),
      },
    }),
  });
  if (response.status !== 201) throw new Error(`creating the candidate → ${response.status}: ${await response.text()}`);
  return { candidate: (await response.json()) as ApiDocument, from, to };
}

const historySection = (page: Page) => main(page).getByRole('region', { name: 'History' });
const changeItems = (page: Page) => historySection(page).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });

describe('the history of a candidate', () => {
  it('an editor changes the party with a source; the public page shows it; the history shows the diff; a revert restores it and is in the history', async () => {
    const email = uniqueEmail('history-editor');
    await createMember({ email, name: EDITOR_NAME }, 'editor');
    const { candidate, from, to } = await candidateToEdit();
    const page = await (await signedInAs(email)).newPage();
    const problems = watchConsole(page);
    const recordPath = `${CONSOLE}/candidates/${candidate.$id}`;

    // The party changed without a source: refused, with the message at the Source field and the choice kept.
    expect(await open(page, recordPath)).toBe(200);
    await pickRelation(page, 'Party', String(to['name']).slice(0, 6), String(to['name']));
    await main(page).getByRole('button', { name: 'Save changes' }).click();
    // The form's own Source field (each change's revert form has one too, folded away).
    const source = main(page).locator('form').filter({ has: page.getByRole('button', { name: 'Save changes' }) }).getByRole('textbox', { name: 'Source (required)' });
    await expect.poll(() => source.getAttribute('aria-invalid')).toBe('true');
    await main(page).getByRole('alert').getByText('Give the source of this change: a link or a short note.').waitFor();
    expect((await api().get('candidates', candidate.$id))?.['partyId'], 'nothing was saved').toBe(from.$id);
    expect(await main(page).getByRole('combobox', { name: 'Party', exact: true }).inputValue()).toBe(String(to['name']));

    await source.fill(GAZETTE);
    await main(page).getByRole('button', { name: 'Save changes' }).click();
    await main(page).getByText(`“${candidate['name']}” was saved.`).waitFor();
    expect((await api().get('candidates', candidate.$id))?.['partyId']).toBe(to.$id);

    // The public page: last updated, with the source linked; the editor's name appears nowhere.
    const publicPath = (await main(page).getByRole('link', { name: 'View on the site' }).getAttribute('href'))!;
    const publicPage = await (await browserContexts.context()).newPage();
    expect(await open(publicPage, publicPath)).toBe(200);
    const updated = main(publicPage).getByText(/^Last updated /);
    await updated.waitFor();
    const sourceLink = updated.getByRole('link');
    expect(await sourceLink.getAttribute('href')).toBe(GAZETTE);
    expect(await sourceLink.innerText()).toContain('gazette.example.org/nominations/2026/');
    expect(await main(publicPage).getByRole('link', { name: String(to['name']) }).count()).toBeGreaterThan(0);
    expect(await publicPage.content()).not.toContain(EDITOR_NAME);
    const screenshots = process.env['E2E_SCREENSHOTS'];
    if (screenshots) mkdirSync(screenshots, { recursive: true });
    if (screenshots) await publicPage.screenshot({ path: join(screenshots, 'history-public-candidate.png'), fullPage: true });

    // The record's history: the update, party A → party B by name, who, and the source.
    await open(page, recordPath);
    const [latest] = await changeItems(page).all();
    await expect.poll(() => latest!.getByRole('heading', { level: 3 }).innerText()).toBe('Updated');
    expect(await latest!.innerText()).toContain(`by ${EDITOR_NAME}`);
    expect(await latest!.getByRole('link', { name: new RegExp(GAZETTE.replace(/[.?]/g, '\\$&')) }).getAttribute('href')).toBe(GAZETTE);
    const partyRow = latest!.getByRole('definition').filter({ hasText: String(to['name']) });
    expect(await partyRow.locator('del').innerText()).toContain(String(from['name']));
    expect(await partyRow.locator('ins').innerText()).toContain(String(to['name']));
    if (screenshots) await historySection(page).screenshot({ path: join(screenshots, 'history-diff.png') });

    // Revert: the reason is required too; then party A is back, and the revert is the newest change.
    await latest!.getByText('Revert…').click();
    await latest!.getByRole('button', { name: 'Revert this change' }).click();
    const reason = latest!.getByRole('textbox', { name: 'Source (required)' });
    await latest!.getByText('Give the source of this change: a link or a short note.').waitFor();
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    await reason.fill('Wrong candidate: the gazette notice names a namesake');
    if (screenshots) await historySection(page).screenshot({ path: join(screenshots, 'history-revert-form.png') });
    await latest!.getByRole('button', { name: 'Revert this change' }).click();
    await main(page).getByText('The change was reverted. The revert is in the history too.').waitFor();
    expect((await api().get('candidates', candidate.$id))?.['partyId']).toBe(from.$id);
    expect(await main(page).getByRole('combobox', { name: 'Party', exact: true }).inputValue(), 'the form shows the party back').toBe(String(from['name']));
    const [revert, update] = await changeItems(page).all();
    expect(await revert!.getByRole('heading', { level: 3 }).innerText()).toBe('Reverted');
    expect(await revert!.innerText()).toContain('Wrong candidate: the gazette notice names a namesake');
    expect(await revert!.getByRole('link', { name: 'Reverts an earlier change.' }).getAttribute('href')).toBe(`#${await update!.getAttribute('id')}`);
    const revertedParty = revert!.getByRole('definition').filter({ hasText: String(from['name']) });
    expect(await revertedParty.locator('del').innerText()).toContain(String(to['name']));
    expect(await revertedParty.locator('ins').innerText()).toContain(String(from['name']));
    if (screenshots) await page.screenshot({ path: join(screenshots, 'history-record-reverted.png'), fullPage: true });

    // The public page again: the party is back; the revert's note stays with the editors.
    await open(publicPage, publicPath);
    await main(publicPage).getByText(/^Last updated /).waitFor();
    expect(await main(publicPage).getByText(/^Last updated /).getByRole('link').count()).toBe(0);
    expect(await publicPage.content()).not.toContain('namesake');
    expect(await main(publicPage).getByRole('link', { name: String(from['name']) }).count()).toBeGreaterThan(0);

    // The directory's recent changes list it too, by record.
    await open(page, `${CONSOLE}/history`);
    await main(page).getByRole('heading', { name: 'Recent changes', level: 1 }).waitFor();
    await main(page).getByRole('heading', { level: 3 }).filter({ hasText: String(candidate['name']) }).first().waitFor();
    expect(formatConsole(consoleProblems(problems))).toBe('');
  });

  it('without JavaScript: the source is required in French, and a revert works as a plain form', async () => {
    const email = uniqueEmail('history-nojs');
    await createMember({ email, name: 'Amadou Diallo' }, 'editor');
    const { candidate, from, to } = await candidateToEdit();
    const page = await (await signedInAs(email, { javaScript: false, language: 'fr' })).newPage();
    const recordPath = `${CONSOLE}/candidates/${candidate.$id}`;

    // Without JavaScript the party is a select of every party (or, with too many, its id typed).
    await page.goto(recordPath);
    const party = main(page).getByLabel('Parti', { exact: true });
    if ((await party.evaluate((element) => element.tagName)) === 'SELECT') await party.selectOption(to.$id);
    else await party.fill(to.$id);
    await main(page).getByRole('button', { name: 'Enregistrer' }).click();
    await main(page).getByRole('alert').getByText('Indiquez la source de cette modification : un lien ou une courte note.').waitFor();
    expect(await party.inputValue(), 'the party picked is kept for the next try').toBe(to.$id);
    await main(page).getByRole('textbox', { name: 'Source (obligatoire)' }).fill('Liste officielle affichée à la mairie');
    await main(page).getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL((url) => url.searchParams.has('saved'));
    expect((await api().get('candidates', candidate.$id))?.['partyId']).toBe(to.$id);

    const section = main(page).getByRole('region', { name: 'Historique' });
    const item = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Modifiée', level: 3 }) }).first();
    expect(await item.innerText()).toContain('Liste officielle affichée à la mairie');
    await item.getByText('Révoquer…').click();
    await item.getByRole('textbox', { name: 'Source (obligatoire)' }).fill('https://example.org/erratum');
    await item.getByRole('button', { name: 'Révoquer cette modification' }).click();
    await page.waitForURL((url) => url.searchParams.has('reverted'));
    await main(page).getByText('La modification a été révoquée.', { exact: false }).waitFor();
    expect((await api().get('candidates', candidate.$id))?.['partyId']).toBe(from.$id);

    // The change just reverted cannot be reverted again: the party changed since. The API's answer shows at it.
    const stale = main(page).getByRole('region', { name: 'Historique' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Modifiée', level: 3 }) }).first();
    await stale.getByText('Révoquer…').click();
    await stale.getByRole('textbox', { name: 'Source (obligatoire)' }).fill('again');
    const refused = page.waitForResponse((response) => response.request().method() === 'POST');
    await stale.getByRole('button', { name: 'Révoquer cette modification' }).click();
    expect((await refused).status()).toBe(409);
    await main(page).getByRole('alert').getByText('history_revert_conflict').waitFor();
    expect(await stale.getByRole('textbox', { name: 'Source (obligatoire)' }).inputValue(), 'the reason typed is kept').toBe('again');
  });
});

describe('accessibility and small screens', () => {
  it('axe finds no serious violation on the history, light and dark, and 320 px never scrolls sideways', async () => {
    const email = uniqueEmail('history-a11y');
    await createMember({ email, name: 'Aïssata Traoré' }, 'owner');
    const { candidate, to } = await candidateToEdit();
    const { url, apiKey, projectId } = e2e();
    const change = await fetch(`${url}/v1/databases/main/collections/candidates/documents/${candidate.$id}`, {
      method: 'PATCH',
      headers: { 'X-Appwrite-Project': projectId, 'X-Appwrite-Key': apiKey, 'content-type': 'application/json', 'X-Ballot-Source': `https://very-long-host-name-for-a-gazette.example.org/${'section/'.repeat(8)}notice` },
      body: JSON.stringify({ data: { partyId: to.$id, bio: 'Un texte assez long pour passer à la ligne. '.repeat(6), socialLinks: ['https://social.example.org/baraka-historia-with-a-long-handle'] } }),
    });
    expect(change.status).toBe(200);
    const paths = [`${CONSOLE}/candidates/${candidate.$id}`, `${CONSOLE}/candidates/${candidate.$id}/history`, `${CONSOLE}/history`];
    const findings = await checkConsoleScreens({
      context: (options) => signedInAs(email, options),
      paths,
      name: (path) => `history-${path.split('/').slice(2).join('-') || 'recent'}`,
      // The revert form open, as an editor sees it before confirming.
      prepare: (page) => main(page).getByText('Revert…').first().click(),
    });
    expect(findings).toBe('');
  });
});
