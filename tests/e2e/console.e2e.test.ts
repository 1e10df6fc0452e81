/**
 * The editors' console for directory records, in real Chromium against the real API: an owner
 * invites an editor from the Team page; the editor accepts from the mail (the invitation made
 * their account), opens the console, creates a party with a logo (the chunked upload's progress
 * seen up to 100 %) and a candidate in an electoral area with a photo, finds it on the public
 * site, edits it there too, deletes it (the public page is then a 404). The table searches and
 * sorts; the API's own error appears beside its field with the input kept, also without
 * JavaScript. Guests and signed-in non-editors get the ordinary 404 at every console address.
 * Axe (light and dark) and 320 px; E2E_SCREENSHOTS=dir also saves the pages at 1280 and 320 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkTo, PASSWORD, submitPassword, uniqueEmail, waitForMail } from './support/account.ts';
import { q, type ApiDocument } from './support/api.ts';
import { api, closeBrowser, consoleProblems, formatConsole, open, siteFetch, waitForHydration, watchConsole, type ContextOptions, freshContexts } from './support/browser.ts';
import { checkConsoleScreens, signedInContext } from './support/console-screens.ts';
import { chunkedPng, ordinary404, pickRelation, portraitJpeg, progressValues, recordProgress } from './support/console-records.ts';
import { CONSOLE, createMember, createUser, sessionCookieOf } from './support/teams.ts';

const browserContexts = freshContexts();
const freshPage = browserContexts.page;

const main = (page: Page) => page.getByRole('main');
const suffix = () => Date.now().toString(36).slice(-5);

async function signedInEditor(role: 'owner' | 'editor', options: ContextOptions = {}): Promise<{ page: Page; email: string }> {
  const email = uniqueEmail(`console-${role}`);
  await createMember({ email, name: role === 'owner' ? 'Olusegun Owner' : 'Émilie Éditrice' }, role);
  const page = await freshPage(options);
  await submitPassword(page, email);
  await page.waitForURL((url) => url.pathname === '/activeUserProfile');
  return { page, email };
}

/** An office for electoral areas, an election and an electoral area of the demo data. */
async function demoRace(): Promise<{ office: ApiDocument; election: ApiDocument; area: ApiDocument }> {
  const office = await api().first('offices', [q.equal('level', 'electoral_area')]);
  const election = await api().first('elections', [q.orderDesc('date')]);
  const area = await api().first('electoral_areas', [q.orderAsc('name')]);
  if (!office || !election || !area) throw new Error('the demo data lacks an electoral-area office, an election or an electoral area');
  return { office, election, area };
}

describe('an editor invited by an owner keeps the directory', () => {
  it('accepts from the mail, creates a party with a logo and a candidate with a photo, sees, edits and deletes it on the site', async () => {
    // The owner invites from the console's Team page.
    const { page: owner } = await signedInEditor('owner');
    await open(owner, `${CONSOLE}/team`);
    const invitee = uniqueEmail('console-invitee');
    await main(owner).getByLabel('E-mail address').fill(invitee);
    await main(owner).getByLabel('Name').fill('Wanjiru Kamau-N’Dour');
    await main(owner).getByRole('button', { name: 'Send the invitation' }).click();
    await main(owner).getByText(`Invitation sent to ${invitee}.`).waitFor();

    // The invitee follows the mail's link: accepting signs them in to the account it made; they choose a password.
    const link = linkTo(await waitForMail(invitee, 1), '/invite');
    const page = await freshPage();
    const problems = watchConsole(page);
    await open(page, link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByText('Your password is saved.').waitFor();
    await page.getByRole('link', { name: 'Open the editors’ console' }).or(page.getByRole('link', { name: "Open the editors' console" })).click();
    await page.waitForURL((url) => url.pathname === CONSOLE);
    await main(page).getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const cookie = (await page.context().cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const editorView = await siteFetch(CONSOLE, { headers: { cookie } });
    expect(editorView.status).toBe(200);
    expect(editorView.headers.get('cache-control')).toBe('private, no-store');
    expect(editorView.headers.get('x-robots-tag')).toBe('noindex');
    const navigation = page.getByRole('navigation', { name: 'Console' });
    // Team too, for every editor (owners manage the team there, the others see who is in it).
    for (const name of ['Dashboard', 'Candidates', 'Parties', 'Electoral areas', 'Messages', 'Team']) await expect.poll(() => navigation.getByRole('link', { name }).count()).toBe(1);

    // A party with a logo big enough to go up in chunks: the progress bar moves and reaches 100 %.
    const partyName = `Chama cha Wakulima wa Mlima ${suffix()}`;
    await navigation.getByRole('link', { name: 'Parties' }).click();
    await main(page).getByRole('link', { name: 'New party' }).click();
    await page.waitForURL((url) => url.pathname === `${CONSOLE}/parties/new`);
    await waitForHydration(page);
    await main(page).getByLabel('Name (required)').fill(partyName);
    await main(page).getByLabel('Abbreviation').fill('CWM');
    await main(page).getByLabel('Colour').fill('#7c2d12');
    await recordProgress(page);
    await main(page).getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await chunkedPng() });
    const bar = main(page).getByRole('progressbar', { name: 'Uploading Logo' });
    await bar.waitFor();
    await main(page).getByText('Uploaded. Save to keep it.').waitFor({ timeout: 60_000 });
    expect(await bar.getAttribute('value')).toBe('100');
    const seen = await progressValues(page);
    expect(seen.at(-1)).toBe(100);
    expect(seen.some((value) => value > 0 && value < 100), `progress went through a part-way value: ${seen.join(', ')}`).toBe(true);
    await main(page).getByRole('img', { name: 'Logo: current picture' }).waitFor();
    await main(page).getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => url.searchParams.has('created'));
    await main(page).getByText(`“${partyName}” was created.`).waitFor();
    const party = await api().first('parties', [q.equal('name', partyName)]);
    expect(party?.['slug']).toBe(`chama-cha-wakulima-wa-mlima-${partyName.split(' ').at(-1)}`);
    expect(party?.['logoFileId']).toBeTruthy();
    expect(party?.['colour']).toBe('#7c2d12');

    // A candidate in an electoral area, with a photo; the area decides the district, sub-region and region.
    const { office, election, area } = await demoRace();
    const candidateName = `Amani O’Connor-Wanjiru ${suffix()}`;
    await open(page, `${CONSOLE}/candidates/new`);
    await main(page).getByLabel('Name (required)').fill(candidateName);
    await pickRelation(page, 'Party', partyName.split(' ').slice(0, 3).join(' '), partyName);
    await pickRelation(page, 'Office (required)', String(office['name']), String(office['name']));
    await pickRelation(page, 'Election (required)', String(election['name']), String(election['name']));
    await pickRelation(page, 'Electoral area', String(area['name']), String(area['name']));
    expect(await main(page).getByRole('combobox', { name: 'District', exact: true }).inputValue(), 'the area fills in its district').not.toBe('');
    await main(page).getByLabel('Status (required)').selectOption({ label: 'Nominated' });
    await main(page).getByLabel('Occupation').fill('Agronomist');
    await main(page).getByLabel('Photo').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await portraitJpeg('#1d4ed8') });
    await main(page).getByText('Uploaded. Save to keep it.').waitFor({ timeout: 30_000 });
    // Candidate changes made in the console say where they come from (the change history keeps it).
    await main(page).getByRole('textbox', { name: 'Source (required)' }).fill('https://gazette.example.org/nominations');
    await main(page).getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => url.searchParams.has('created'));
    const candidate = await api().first('candidates', [q.equal('name', candidateName)]);
    expect(candidate).toMatchObject({
      partyId: party!.$id,
      officeId: office.$id,
      electionId: election.$id,
      electoralAreaId: area.$id,
      districtId: area['districtId'],
      subregionId: area['subregionId'],
      regionId: area['regionId'],
      status: 'nominated',
      occupation: 'Agronomist',
    });
    expect(candidate!['photoFileId']).toBeTruthy();
    const editPath = new URL(page.url()).pathname;

    // The table finds it by name, sorts by a column header, and links to it.
    await open(page, `${CONSOLE}/candidates`);
    await main(page).getByLabel('Search candidates by name').fill(candidateName);
    await main(page).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === candidateName);
    await main(page).getByText('Showing 1–1 of 1').waitFor();
    const table = main(page).getByRole('table');
    await expect.poll(() => table.getByRole('row').filter({ hasText: partyName }).count(), { message: 'the party is shown by name' }).toBe(1);
    await table.getByRole('columnheader', { name: 'Name' }).getByRole('link').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'name');
    await expect.poll(() => table.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    await table.getByRole('link', { name: candidateName }).click();
    await page.waitForURL((url) => url.pathname === editPath);

    // The public page shows it, with its photo.
    const publicPath = await main(page).getByRole('link', { name: 'View on the site' }).getAttribute('href');
    expect(publicPath).toMatch(/^\/candidate\//);
    await open(page, publicPath!);
    await main(page).getByRole('heading', { name: candidateName, level: 1 }).waitFor();
    const photo = main(page).getByRole('img', { name: new RegExp(candidateName) }).first();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    // Edited in the console, the public page changes.
    const renamed = `${candidateName} Jr`;
    await open(page, editPath);
    await main(page).getByLabel('Name (required)').fill(renamed);
    await main(page).getByLabel('Ballot number').fill('7');
    await main(page).getByRole('textbox', { name: 'Source (required)' }).fill('Ballot order published by the commission');
    await main(page).getByRole('button', { name: 'Save changes' }).click();
    await main(page).getByText(`“${renamed}” was saved.`).waitFor();
    await open(page, publicPath!);
    await main(page).getByRole('heading', { name: renamed, level: 1 }).waitFor();

    // Deleted (after the dialog asks), it is gone from the site.
    await open(page, editPath);
    await main(page).getByRole('link', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete “${renamed}”?` });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Source (required)' }).fill('Withdrew before the ballot was printed');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === `${CONSOLE}/candidates` && url.searchParams.get('deleted') === renamed);
    await main(page).getByText(`“${renamed}” was deleted.`).waitFor();
    expect(await api().get('candidates', candidate!.$id)).toBeNull();
    expect((await siteFetch(publicPath!)).status).toBe(404);
    expect(formatConsole(consoleProblems(problems))).toBe('');
  });
});

/** A browser context signed in as `email` (the session cookie set directly), optionally without JavaScript. */
const signedInAs = (email: string, options: ContextOptions = {}) => signedInContext(browserContexts, email, options);

describe('record forms', () => {
  it('show the API’s own message beside the field it names, keep what was typed, upload and delete, all without JavaScript', async () => {
    const email = uniqueEmail('console-nojs');
    await createMember({ email, name: 'Kofi Mensah' }, 'editor');
    const page = await (await signedInAs(email, { javaScript: false })).newPage();

    // A required name left empty: the API names it; the code typed stays.
    await page.goto(`${CONSOLE}/regions/new`);
    await main(page).getByLabel('Code (required)').fill('ZZ');
    const refused = page.waitForResponse((response) => response.request().method() === 'POST');
    await main(page).getByRole('button', { name: 'Create' }).click();
    expect((await refused).status()).toBe(400);
    await main(page).getByRole('alert').getByText('Invalid document structure: Missing required attribute "name"').waitFor();
    const name = main(page).getByLabel('Name (required)');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${(await name.getAttribute('aria-describedby'))!.split(' ').at(-1)}`).innerText()).toContain('Missing required attribute "name"');
    expect(await main(page).getByLabel('Code (required)').inputValue()).toBe('ZZ');

    // Named, it is created; a second one of the same name collides on its slug, which is where the message goes.
    const regionName = `Région d’Essai ${suffix()}`;
    await name.fill(regionName);
    await main(page).getByRole('button', { name: 'Create' }).click();
    await main(page).getByText(`“${regionName}” was created.`).waitFor();
    const region = await api().first('regions', [q.equal('name', regionName)]);
    expect(region?.['slug']).toBe(regionName.toLowerCase().replace('’', '').replace(/ /g, '-'));
    await page.goto(`${CONSOLE}/regions/new`);
    await main(page).getByLabel('Name (required)').fill(regionName);
    await main(page).getByLabel('Code (required)').fill('ZY');
    await main(page).getByRole('button', { name: 'Create' }).click();
    await main(page).getByRole('alert').getByText('document_already_exists').waitFor();
    expect(await main(page).getByLabel('Slug (in addresses) (required)').getAttribute('aria-invalid')).toBe('true');

    // A website that is no URL; then a logo sent with the form, which the server uploads.
    const partyName = `Parti de l’Aube ${suffix()}`;
    await page.goto(`${CONSOLE}/parties/new`);
    await main(page).getByLabel('Name (required)').fill(partyName);
    await main(page).getByLabel('Website').fill('not an address');
    await main(page).getByLabel('Logo').setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: await portraitJpeg('#b45309') });
    await main(page).getByRole('button', { name: 'Create' }).click();
    await main(page).getByRole('alert').getByText('Attribute "website" has invalid format. Value must be a valid URL').waitFor();
    expect(await main(page).getByLabel('Website').inputValue()).toBe('not an address');
    await main(page).getByLabel('Website').fill('https://aube.example.org');
    await main(page).getByRole('button', { name: 'Create' }).click();
    await main(page).getByText(`“${partyName}” was created.`).waitFor();
    const party = await api().first('parties', [q.equal('name', partyName)]);
    expect(party?.['logoFileId'], 'the logo was uploaded with the first submission and kept').toBeTruthy();
    await main(page).getByRole('img', { name: 'Logo: current picture' }).waitFor();

    // Deleting asks on a page of its own.
    await main(page).getByRole('link', { name: 'Delete…' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/delete'));
    await main(page).getByRole('heading', { name: `Delete “${partyName}”?`, level: 1 }).waitFor();
    await main(page).getByRole('button', { name: 'Delete' }).click();
    await main(page).getByText(`“${partyName}” was deleted.`).waitFor();
    expect(await api().get('parties', party!.$id)).toBeNull();
  });
});

describe('to anybody but an editor', () => {
  it('every console address is the ordinary 404 page, with the same status, page and headers', async () => {
    const outsider = uniqueEmail('console-outsider');
    await createUser({ email: outsider, name: 'Nobody Special' });
    const outsiderCookie = await sessionCookieOf(outsider);
    const party = await api().first('parties');
    const paths = [
      CONSOLE,
      `${CONSOLE}/candidates`,
      `${CONSOLE}/candidates/new`,
      `${CONSOLE}/parties/${party!.$id}`,
      `${CONSOLE}/parties/${party!.$id}/delete`,
      `${CONSOLE}/messages`,
      `${CONSOLE}/team`,
      `${CONSOLE}/no-such-collection`,
    ];
    const unknown = await ordinary404('/no/such/page');
    expect(unknown.status).toBe(404);
    for (const path of paths) {
      for (const [who, cookie] of [['guest', undefined], ['signed-in non-editor', outsiderCookie]] as const) {
        const answer = await ordinary404(path, cookie);
        expect(answer, `${path} for a ${who}`).toEqual({ ...unknown, heading: `Page not found: ${path}` });
      }
    }

    // Posting a form changes nothing either: it gets what a form posted to an unknown address gets (405).
    const regionName = `Intruder Region ${suffix()}`;
    const post = (path: string) => siteFetch(path, { method: 'POST', headers: { cookie: outsiderCookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ name: regionName, code: 'XX' }) });
    const posted = await post(`${CONSOLE}/regions/new`);
    expect(posted.status).toBe((await post('/no/such/page')).status);
    expect(posted.status).toBe(405);
    expect((await api().list('regions', [q.equal('name', regionName)])).total).toBe(0);

    // And in a browser: the layout with "Page not found", titled like any unknown address.
    const page = await freshPage();
    expect(await open(page, CONSOLE)).toBe(404);
    await main(page).getByRole('heading', { name: `Page not found: ${CONSOLE}`, level: 1 }).waitFor();
    expect(await page.title()).toBe(`Page not found: ${CONSOLE} | Ballot Atlas`);
    expect(await page.getByRole('navigation', { name: 'Console' }).count()).toBe(0);
  });
});

describe('accessibility and small screens', () => {
  it('axe finds no serious violation in the console, light and dark, and 320 px never scrolls sideways', async () => {
    const email = uniqueEmail('console-a11y');
    await createMember({ email, name: 'Aïssata Traoré' }, 'owner');
    const candidate = await api().first('candidates', [q.notEqual('photoFileId', '')]);
    const { area } = await demoRace();
    const paths = [
      CONSOLE,
      `${CONSOLE}/candidates`,
      `${CONSOLE}/candidates?q=a&sort=name&order=desc&page=2`,
      `${CONSOLE}/candidates/new`,
      `${CONSOLE}/candidates/${candidate!.$id}`,
      `${CONSOLE}/candidates/${candidate!.$id}/delete`,
      `${CONSOLE}/parties`,
      `${CONSOLE}/events/new`,
      `${CONSOLE}/pages`,
    ];
    const findings = await checkConsoleScreens({
      context: (options) => signedInAs(email, options),
      paths,
      name: (path) => `console-${path.split('?')[0]!.split('/').slice(2).join('-') || 'dashboard'}${path.includes('?') ? '-query' : ''}`,
      async more(page, check) {
        // A picker's suggestions, open.
        await open(page, `${CONSOLE}/candidates/new`);
        const box = main(page).getByRole('combobox', { name: 'Electoral area', exact: true });
        await box.fill(String(area['name']).slice(0, 3));
        await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
        await check('open picker', 'console-open-picker');
        await page.keyboard.press('Escape');
        // The delete dialog, open.
        await open(page, `${CONSOLE}/candidates/${candidate!.$id}`);
        await main(page).getByRole('link', { name: 'Delete…' }).click();
        await page.getByRole('dialog').waitFor();
        await check('delete dialog', 'console-delete-dialog', { fullPage: false });
      },
    });
    expect(findings).toBe('');
    // Nine pages and two open widgets, four times each: about 85 s alone on a quiet machine.
  }, 180_000);
});
