/**
 * Messaging on the site (issue 14, item 5), in real Chromium against the real API: a user follows
 * an election and a region on the profile (without JavaScript) and unfollows (with it); an editor
 * sends an update from the console (its preview also without JavaScript) with a French version,
 * a French-speaking follower's mail arrives in French, its unsubscribe link opens a page that
 * changes nothing until its button is pressed; an RFC 8058 one-click POST from another origin
 * without cookies unsubscribes, any other cross-site body is refused; a bad link gets a friendly
 * page. Axe and phone widths on the three new screens; E2E_SCREENSHOTS=dir saves them.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { electionTopicId, regionTopicId } from '../../packages/shared/src/site/topic-ids.ts';
import { horizontalOverflow, linkTo, uniqueEmail, waitForMail } from './support/account.ts';
import { q, type ApiDocument } from './support/api.ts';
import { formatFindings, seriousViolations } from './support/axe.ts';
import { api, consoleProblems, e2e, formatConsole, freshContexts, open, siteFetch, waitForHydration, watchConsole, type ContextOptions } from './support/browser.ts';
import { saveScreenshot, signedInContext } from './support/console-screens.ts';
import { CONSOLE, createMember, createUser, sessionCookieOf } from './support/teams.ts';

const browserContexts = freshContexts();
const PROFILE = '/activeUserProfile';
const main = (page: Page) => page.getByRole('main');
const topicBox = (page: Page, topicId: string) => page.locator(`#subscriptions input[name="topic"][value="${topicId}"]`);

/** The API as a signed-in user (their session cookie). */
async function asUser<T>(cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const { url, projectId } = e2e();
  const response = await fetch(`${url}/v1${path}`, {
    method,
    headers: { 'X-Appwrite-Project': projectId, Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /v1${path} → ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** How many subscribers of the topic the user has (they see only their own). */
async function subscriptionsTo(cookie: string, topicId: string): Promise<number> {
  return (await asUser<{ subscribers: unknown[] }>(cookie, 'GET', `/messaging/topics/${topicId}/subscribers`)).subscribers.length;
}

/** Follows a topic through the API, as the profile does, with the account's e-mail target. */
async function follow(cookie: string, topicId: string): Promise<void> {
  const user = await asUser<{ targets: { $id: string; providerType: string }[] }>(cookie, 'GET', '/account');
  const target = user.targets.find((candidate) => candidate.providerType === 'email')!;
  await asUser(cookie, 'POST', `/messaging/topics/${topicId}/subscribers`, { subscriberId: 'unique()', targetId: target.$id });
}

/** A new account, signed in through the API; its cookie. */
async function newFollower(label: string, language?: string): Promise<{ email: string; cookie: string }> {
  const email = uniqueEmail(label);
  await createUser({ email, name: `${label} ${Date.now().toString(36)}` });
  const cookie = await sessionCookieOf(email);
  if (language) await asUser(cookie, 'PATCH', '/account/prefs', { prefs: { language } });
  return { email, cookie };
}

/** A topic the API keeps for a seeded record (the seed makes them). */
async function expectTopic(topicId: string): Promise<void> {
  const { url, apiKey, projectId } = e2e();
  const response = await fetch(`${url}/v1/messaging/topics/${topicId}`, { headers: { 'X-Appwrite-Project': projectId, 'X-Appwrite-Key': apiKey } });
  expect(response.status, `topic ${topicId}`).toBe(200);
}

/** The soonest upcoming or ongoing election and a region further down the seed (by `$sequence`), with their topics. */
async function seedTopics(): Promise<{ election: ApiDocument; region: ApiDocument }> {
  const [election] = (await api().list('elections', [q.equal('status', 'ongoing', 'upcoming'), q.orderAsc('date'), q.limit(1)])).documents;
  const regions = (await api().list('regions', [q.orderAsc('$sequence'), q.limit(3)])).documents;
  if (!election || regions.length < 3) throw new Error('the demo seed has no upcoming election or too few regions');
  const region = regions[2]!;
  await Promise.all([expectTopic(electionTopicId(election.$id)), expectTopic(regionTopicId(region.$id))]);
  return { election, region };
}

/** Axe at desktop width, nothing wider than a phone's screen, no console errors; saves both as `name`. */
async function checkScreen(open: (options: ContextOptions) => Promise<Page>, name: string, part?: string): Promise<string> {
  const reports: string[] = [];
  for (const width of [1280, 390, 320]) {
    const page = await open({ viewport: { width, height: 900 } });
    const problems = watchConsole(page);
    if (width === 1280) reports.push(formatFindings(`${name} (${width})`, await seriousViolations(page)));
    else expect(await horizontalOverflow(page), `${name} at ${width} px`).toBe('');
    const directory = process.env['E2E_SCREENSHOTS'];
    if (width !== 320 && part && directory) await page.locator(part).screenshot({ path: join(directory, `${name}-${width}.png`) });
    else if (width !== 320) await saveScreenshot(page, `${name}-${width}`);
    expect(consoleProblems(problems), formatConsole(problems)).toEqual([]);
  }
  return reports.filter(Boolean).join('\n\n');
}

describe('subscriptions to updates', () => {
  it('follows an election and a region without JavaScript, keeps them after a reload, and unfollows with JavaScript', async () => {
    const { election, region } = await seedTopics();
    const [electionTopic, regionTopic] = [electionTopicId(election.$id), regionTopicId(region.$id)];
    const { email, cookie } = await newFollower('follower');

    const noScript = await (await signedInContext(browserContexts, email, { javaScript: false })).newPage();
    expect(await open(noScript, PROFILE, { hydrate: false })).toBe(200);
    const section = noScript.locator('#subscriptions');
    await section.getByRole('group', { name: 'Elections' }).getByLabel(String(election['name']), { exact: true }).check();
    await section.getByRole('group', { name: 'Regions' }).getByLabel(String(region['name']), { exact: true }).check();
    await section.getByRole('button', { name: 'Save subscriptions' }).click();
    await section.getByRole('status').filter({ hasText: 'Your subscriptions are saved.' }).waitFor();
    await noScript.reload();
    expect(await topicBox(noScript, electionTopic).isChecked()).toBe(true);
    expect(await topicBox(noScript, regionTopic).isChecked()).toBe(true);
    expect(await topicBox(noScript, 'updates').isChecked()).toBe(false);
    expect([await subscriptionsTo(cookie, electionTopic), await subscriptionsTo(cookie, regionTopic)]).toEqual([1, 1]);
    await expect.poll(() => section.textContent()).toContain(email);

    const page = await (await signedInContext(browserContexts, email)).newPage();
    const problems = watchConsole(page);
    expect(await open(page, PROFILE)).toBe(200);
    await topicBox(page, electionTopic).uncheck();
    await page.locator('#subscriptions').getByRole('button', { name: 'Save subscriptions' }).click();
    await page.locator('#subscriptions').getByRole('status').filter({ hasText: 'Your subscriptions are saved.' }).waitFor();
    await page.reload();
    await waitForHydration(page);
    expect(await topicBox(page, electionTopic).isChecked()).toBe(false);
    expect(await topicBox(page, regionTopic).isChecked()).toBe(true);
    expect([await subscriptionsTo(cookie, electionTopic), await subscriptionsTo(cookie, regionTopic)]).toEqual([0, 1]);
    expect(consoleProblems(problems), formatConsole(problems)).toEqual([]);
  });

  it('sends an update from the console; the mail comes in the follower\'s language and its link unsubscribes only on the button', async () => {
    const { region } = await seedTopics();
    const topicId = regionTopicId(region.$id);
    const french = await newFollower('francophone', 'fr');
    const english = await newFollower('anglophone', 'en');
    await follow(french.cookie, topicId);
    await follow(english.cookie, topicId);
    const editorEmail = uniqueEmail('sender');
    await createMember({ email: editorEmail, name: 'Baraka Sender' }, 'editor');
    const stamp = Date.now().toString(36);

    const editorPage = await (await signedInContext(browserContexts, editorEmail)).newPage();
    const problems = watchConsole(editorPage);
    expect(await open(editorPage, CONSOLE)).toBe(200);
    await editorPage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Send an update' }).click();
    await editorPage.waitForURL((url) => url.pathname === `${CONSOLE}/updates`);
    await waitForHydration(editorPage);
    // Nothing chosen: the problems are shown next to their fields.
    await main(editorPage).getByRole('button', { name: 'Preview' }).click();
    await main(editorPage).getByText('Fill this in.').first().waitFor();
    expect(await main(editorPage).getByLabel('Topic').getAttribute('aria-invalid')).toBe('true');

    await main(editorPage).getByLabel('Topic').selectOption(topicId);
    await main(editorPage).getByLabel('Subject').first().fill(`Polling stations moved ${stamp}`);
    await main(editorPage).getByLabel('Text').first().fill('Two polling stations have moved.\n\nSee the region page for details.');
    await main(editorPage).getByText('Version in Français (optional)').click();
    await editorPage.locator('#update-subject_fr').fill(`Bureaux de vote déplacés ${stamp}`);
    await editorPage.locator('#update-content_fr').fill('Deux bureaux de vote ont changé de place.');
    await main(editorPage).getByRole('button', { name: 'Preview' }).click();
    const preview = main(editorPage).getByRole('region', { name: 'Preview' });
    await preview.getByText(`Bureaux de vote déplacés ${stamp}`).waitFor();
    expect(await preview.textContent()).toContain(String(region['name']));
    await saveScreenshot(editorPage, 'send-update-preview-1280');
    await main(editorPage).getByRole('button', { name: 'Send the update' }).click();
    await editorPage.waitForURL((url) => url.searchParams.has('sent'));
    const sentNotice = main(editorPage).getByRole('status').filter({ hasText: 'is on its way' });
    await sentNotice.waitFor();
    expect(await sentNotice.textContent()).toContain(new URL(editorPage.url()).searchParams.get('sent'));
    expect(consoleProblems(problems), formatConsole(problems)).toEqual([]);

    // Without JavaScript the form previews too; a follower who is no editor finds no such page.
    const noScript = await (await signedInContext(browserContexts, editorEmail, { javaScript: false })).newPage();
    expect(await open(noScript, `${CONSOLE}/updates`, { hydrate: false })).toBe(200);
    await main(noScript).getByLabel('Topic').selectOption(topicId);
    await main(noScript).getByLabel('Subject').first().fill('Without script');
    await main(noScript).getByLabel('Text').first().fill('Still works.');
    await main(noScript).getByRole('button', { name: 'Preview' }).click();
    await main(noScript).getByRole('region', { name: 'Preview' }).getByText('Still works.').waitFor();
    expect((await siteFetch(`${CONSOLE}/updates`, { headers: { Cookie: french.cookie } })).status).toBe(404);

    const frenchMail = await waitForMail(french.email, 1);
    expect(frenchMail.subject).toContain(`Bureaux de vote déplacés ${stamp}`);
    expect(frenchMail.text).toContain('Deux bureaux de vote');
    const englishMail = await waitForMail(english.email, 1);
    expect(englishMail.subject).toContain(`Polling stations moved ${stamp}`);

    // Opening the link (as a mail scanner would) changes nothing; the button does.
    const link = linkTo(frenchMail, '/unsubscribe');
    const visitor = await browserContexts.page();
    expect(await open(visitor, link)).toBe(200);
    expect(await main(visitor).textContent()).toContain(String(region['name']));
    expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    expect(await subscriptionsTo(french.cookie, topicId)).toBe(1);
    expect(formatFindings('unsubscribe page', await seriousViolations(visitor))).toBe('');
    await saveScreenshot(visitor, 'unsubscribe-1280');
    const phone = await (await browserContexts.context({ viewport: { width: 390, height: 800 } })).newPage();
    expect(await open(phone, link)).toBe(200);
    expect(await horizontalOverflow(phone)).toBe('');
    await saveScreenshot(phone, 'unsubscribe-390');
    await main(visitor).getByRole('button', { name: 'Unsubscribe' }).click();
    await main(visitor).getByRole('status').filter({ hasText: 'You are unsubscribed' }).waitFor();
    expect(await main(visitor).textContent()).toContain(String(region['name']));
    expect(await subscriptionsTo(french.cookie, topicId)).toBe(0);
    await main(visitor).getByRole('link', { name: 'Manage your subscriptions' }).waitFor();
    expect(formatFindings('unsubscribed page', await seriousViolations(visitor))).toBe('');
    await saveScreenshot(visitor, 'unsubscribed-1280');

    const profile = await (await signedInContext(browserContexts, french.email)).newPage();
    expect(await open(profile, PROFILE)).toBe(200);
    expect(await topicBox(profile, topicId).isChecked()).toBe(false);

    // RFC 8058: the mail provider posts from its own origin, without cookies.
    const oneClick = linkTo(englishMail, '/unsubscribe');
    const crossSite = (body: string) =>
      fetch(oneClick, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.example.net', 'Sec-Fetch-Site': 'cross-site' }, body });
    expect((await crossSite('List-Unsubscribe=One-Click&also=this')).status).toBe(403);
    expect(await subscriptionsTo(english.cookie, topicId)).toBe(1);
    expect((await crossSite('List-Unsubscribe=One-Click')).status).toBe(200);
    expect(await subscriptionsTo(english.cookie, topicId)).toBe(0);
    const again = await fetch(oneClick, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(again.status).toBe(200);
  });

  it('answers a bad or incomplete unsubscribe link with a friendly page', async () => {
    const page = await browserContexts.page();
    for (const path of ['/unsubscribe?token=not-a-real-token', '/unsubscribe']) {
      expect(await open(page, path), path).toBe(200);
      await main(page).getByRole('heading', { name: 'This link does not work' }).waitFor();
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    }
    const forged = await fetch(new URL('/unsubscribe?token=not-a-real-token', e2e().url), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(forged.status).toBe(400);
  });

  it('has no axe findings and fits a phone on the three new screens', async () => {
    const { region } = await seedTopics();
    const follower = await newFollower('screens');
    await follow(follower.cookie, regionTopicId(region.$id));
    const editorEmail = uniqueEmail('screens-editor');
    await createMember({ email: editorEmail, name: 'Zawadi Screens' }, 'editor');
    const reports: string[] = [];

    reports.push(
      await checkScreen(async (options) => {
        const page = await (await signedInContext(browserContexts, follower.email, options)).newPage();
        expect(await open(page, `${PROFILE}#subscriptions`)).toBe(200);
        await page.locator('#subscriptions').scrollIntoViewIfNeeded();
        return page;
      }, 'profile-subscriptions', '#subscriptions'),
    );
    reports.push(
      await checkScreen(async (options) => {
        const page = await (await signedInContext(browserContexts, editorEmail, options)).newPage();
        expect(await open(page, `${CONSOLE}/updates`)).toBe(200);
        await main(page).getByLabel('Topic').selectOption(regionTopicId(region.$id));
        await main(page).getByLabel('Subject').first().fill('Screens check');
        await main(page).getByLabel('Text').first().fill('A paragraph.\n\nAnother paragraph.');
        await main(page).getByRole('button', { name: 'Preview' }).click();
        await main(page).getByRole('region', { name: 'Preview' }).waitFor();
        return page;
      }, 'console-send-update'),
    );
    reports.push(
      await checkScreen(async (options) => {
        const page = await (await browserContexts.context(options)).newPage();
        expect(await open(page, '/unsubscribe?token=not-a-real-token')).toBe(200);
        return page;
      }, 'unsubscribe-invalid'),
    );
    expect(reports.filter(Boolean).join('\n\n')).toBe('');
  });
});
