/**
 * Team invitations (`/invite`) in real Chromium against the real API: the owner's invitation mail
 * from the outbox, accepting when signed out (a new account, then its first password), when
 * signed in as the invitee, and as somebody else (sign out and continue); a used link; declining;
 * without JavaScript; the profile's Teams section and leaving a team; axe and 320 px.
 * E2E_SCREENSHOTS=dir also saves the pages at 1280 and 320 px, light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { horizontalOverflow, linkTo, PASSWORD, signOut, submitPassword, uniqueEmail, waitForMail } from './support/account.ts';
import { formatFindings, seriousViolations } from './support/axe.ts';
import { closeBrowser, consoleProblems, formatConsole, open, siteFetch, waitForHydration, watchConsole, freshContexts } from './support/browser.ts';
import { CONSOLE, createMember, createUser, inviteAsOwner, membershipOf, sessionCookieOf } from './support/teams.ts';

const browserContexts = freshContexts();
const freshPage = browserContexts.page;

const main = (page: Page) => page.getByRole('main');
const header = (page: Page) => page.getByRole('banner');

/** A signed-in owner of `editors` (through the API), ready to invite. */
async function owner(): Promise<string> {
  const email = uniqueEmail('owner');
  await createMember({ email, name: 'Owner Odhiambo' }, 'owner');
  return sessionCookieOf(email);
}

/** Invites `email` as an owner would and returns the link of the mail it gets. */
async function invitationLink(email: string, name?: string): Promise<string> {
  await inviteAsOwner(await owner(), email, name ? { name } : {});
  return linkTo(await waitForMail(email, 1), '/invite');
}

/** Waits for the welcome that follows accepting (the address no longer holds the secret). */
async function welcomed(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/invite' && url.searchParams.get('joined') === 'editors');
  await main(page).getByRole('heading', { name: 'Welcome to Editors' }).waitFor();
  expect(page.url()).not.toContain('secret=');
}

describe('accepting an invitation', () => {
  it('signed out, by a new address: accepting makes and signs in the account, which then chooses a password and signs in with it', async () => {
    const page = await freshPage();
    const log = watchConsole(page);
    const email = uniqueEmail('invited');
    const link = await invitationLink(email, 'Zawadi Mwangi-O’Brien');
    const mail = await waitForMail(email, 1);
    expect(mail.subject).toBe('Invitation to join Editors on Ballot Atlas');
    const query = new URL(link).searchParams;
    for (const part of ['membershipId', 'userId', 'secret', 'teamId', 'teamName']) expect(query.get(part), part).toBeTruthy();

    await open(page, link);
    await main(page).getByText('You are invited to join Editors on Ballot Atlas.').waitFor();
    await main(page).getByRole('button', { name: 'Accept the invitation' }).click();
    await welcomed(page);
    await header(page).getByRole('link', { name: /Zawadi/ }).waitFor();
    expect(await main(page).getByRole('link', { name: "Open the editors' console" }).getAttribute('href')).toBe(CONSOLE);

    // The account was made by the invitation: it has no password until it chooses one.
    await main(page).getByRole('heading', { name: 'Choose a password' }).waitFor();
    await main(page).getByLabel('Password').fill(PASSWORD);
    await main(page).getByRole('button', { name: 'Save the password' }).click();
    await main(page).getByText('Your password is saved.').waitFor();

    await signOut(page);
    await submitPassword(page, email);
    await page.waitForURL((url) => url.pathname === '/activeUserProfile');
    await main(page).getByTestId('team').filter({ hasText: 'Editors' }).waitFor();
    expect(formatConsole(consoleProblems(log))).toBe('');
  });

  it('signed in as the invitee: accepting keeps the session and offers no password step', async () => {
    const page = await freshPage();
    const email = uniqueEmail('member');
    await createUser({ email, name: 'Baraka Said' });
    await submitPassword(page, email);
    await page.waitForURL((url) => url.pathname === '/activeUserProfile');
    await open(page, await invitationLink(email));
    await main(page).getByText('You are signed in as Baraka Said.').waitFor();
    await main(page).getByRole('button', { name: 'Accept the invitation' }).click();
    await welcomed(page);
    expect(await main(page).getByRole('heading', { name: 'Choose a password' }).count()).toBe(0);
    await header(page).getByRole('link', { name: /Baraka Said/ }).waitFor();
  });

  it('signed in as somebody else: says so, and signing out continues as the invitee', async () => {
    const page = await freshPage();
    const someoneElse = uniqueEmail('other');
    await createUser({ email: someoneElse, name: 'Other Otieno' });
    const invitee = uniqueEmail('right');
    await createUser({ email: invitee, name: 'Right Rehema' });
    const link = await invitationLink(invitee);
    await submitPassword(page, someoneElse);
    await page.waitForURL((url) => url.pathname === '/activeUserProfile');

    await open(page, link);
    await main(page).getByText('You are signed in as Other Otieno, but this invitation was sent to another account.').waitFor();
    expect(await main(page).getByRole('button', { name: 'Accept the invitation' }).count()).toBe(0);
    await main(page).getByRole('button', { name: 'Sign out and continue' }).click();
    await main(page).getByRole('button', { name: 'Accept the invitation' }).waitFor();
    await header(page).getByRole('link', { name: 'Sign in' }).waitFor();
    expect(page.url()).toBe(link);
    await main(page).getByRole('button', { name: 'Accept the invitation' }).click();
    await welcomed(page);
    await header(page).getByRole('link', { name: /Right Rehema/ }).waitFor();
  });

  it('a used link says it was accepted already, and leads on', async () => {
    const email = uniqueEmail('twice');
    const link = await invitationLink(email, 'Twice Tumaini');
    const page = await freshPage();
    await open(page, link);
    await main(page).getByRole('button', { name: 'Accept the invitation' }).click();
    await welcomed(page);

    // Again in the same browser (signed in as the invitee): on to the console.
    await open(page, link);
    await main(page).getByRole('button', { name: 'Accept the invitation' }).click();
    const notice = main(page).getByRole('status').filter({ hasText: 'Already accepted' });
    await notice.waitFor();
    expect(await notice.getByRole('link', { name: "Open the editors' console" }).getAttribute('href')).toBe(CONSOLE);
    expect(await main(page).getByRole('button', { name: 'Accept the invitation' }).count()).toBe(0);

    // And in another browser, signed out: on to sign in.
    const other = await freshPage();
    await open(other, link);
    await main(other).getByRole('button', { name: 'Accept the invitation' }).click();
    const signedOutNotice = main(other).getByRole('status').filter({ hasText: 'Already accepted' });
    await signedOutNotice.waitFor();
    expect(await signedOutNotice.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/signin?next=${CONSOLE}`);
  });

  it('a link with a wrong secret, or cut short, is explained', async () => {
    const email = uniqueEmail('wrong');
    const link = new URL(await invitationLink(email));
    const page = await freshPage();
    link.searchParams.set('secret', 'f'.repeat(256));
    await open(page, link.href);
    await main(page).getByRole('button', { name: 'Accept the invitation' }).click();
    await main(page).getByRole('alert').filter({ hasText: 'This invitation link is not valid.' }).waitFor();
    link.searchParams.delete('secret');
    await open(page, link.href);
    await main(page).getByRole('alert').filter({ hasText: 'This invitation link is incomplete.' }).waitFor();
  });
});

describe('the page itself', () => {
  it('is private: never indexed, stored or passed on as a referrer', async () => {
    const link = await invitationLink(uniqueEmail('private'));
    const response = await siteFetch(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    const html = await response.text();
    expect(html).toContain('<title>Team invitation | Ballot Atlas</title>');
    expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
  });
});

describe('declining an invitation', () => {
  it('asks a signed-out visitor to sign in first, then declines and withdraws the membership', async () => {
    const email = uniqueEmail('decline');
    const userId = await createUser({ email, name: 'Declining Dalia' });
    const link = await invitationLink(email);
    expect((await membershipOf(userId))?.confirm).toBe(false);
    const page = await freshPage();
    await open(page, link);
    await main(page).getByRole('button', { name: 'Decline' }).click();
    const notice = main(page).getByRole('status').filter({ hasText: 'Sign in to decline' });
    await notice.waitFor();
    await notice.getByRole('link', { name: 'Sign in, then decline' }).click();
    await page.waitForURL((url) => url.pathname === '/signin' && url.searchParams.get('next')?.startsWith('/invite?') === true);
    await waitForHydration(page);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/invite' && url.searchParams.has('secret'));
    await waitForHydration(page);
    await main(page).getByText('You are signed in as Declining Dalia.').waitFor();
    await main(page).getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL((url) => url.pathname === '/invite' && url.searchParams.get('declined') === 'Editors');
    await main(page).getByText('You declined the invitation to join Editors.').waitFor();
    expect(await membershipOf(userId)).toBeUndefined();
  });
});

describe('without JavaScript', () => {
  it('accepts an invitation and chooses the password with plain form posts', async () => {
    const email = uniqueEmail('nojs-invite');
    const link = await invitationLink(email, 'Plain Pili');
    const page = await freshPage({ javaScript: false });
    await page.goto(link);
    await main(page).getByRole('button', { name: 'Accept the invitation' }).click();
    await welcomed(page);
    await main(page).getByLabel('Password').fill(PASSWORD);
    await main(page).getByRole('button', { name: 'Save the password' }).click();
    await main(page).getByText('Your password is saved.').waitFor();
    await header(page).getByRole('link', { name: /Plain Pili/ }).waitFor();
  });
});

describe('the profile’s Teams section', () => {
  it('lists the team with the roles and the day joined, links to the console, and leaving works', async () => {
    const email = uniqueEmail('leaver');
    await createMember({ email, name: 'Leaving Lulu' }, 'editor');
    const page = await freshPage();
    await submitPassword(page, email);
    await page.waitForURL((url) => url.pathname === '/activeUserProfile');
    await waitForHydration(page);
    const team = main(page).getByTestId('team').filter({ hasText: 'Editors' });
    await team.waitFor();
    const text = await team.innerText();
    expect(text).toContain('Editor');
    expect(text).toMatch(/Joined\s*\S/);
    expect(await team.getByRole('link', { name: "Open the editors' console" }).getAttribute('href')).toBe(CONSOLE);
    await team.locator('summary', { hasText: 'Leave team' }).click();
    await team.getByRole('button', { name: 'Leave Editors' }).click();
    await main(page).getByText('You left the team.').waitFor();
    await main(page).getByText('You are not a member of any team.').waitFor();
  });
});

describe('accessibility and narrow screens', () => {
  it('the invitation, the welcome with its password form, somebody else’s session, the declined note and the profile’s teams pass axe in light and dark and fit 320 px', async () => {
    const checks: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      const page = await freshPage({ colorScheme: mode, colourMode: mode, viewport: { width: 320, height: 640 } });
      const check = async (label: string) => checks.push(formatFindings(`${label} (${mode})`, await seriousViolations(page)), await horizontalOverflow(page));
      const email = uniqueEmail(`a11y-invite-${mode}`);
      const link = await invitationLink(email, 'Accessible Amani');
      await open(page, link);
      await check('/invite');
      await main(page).getByRole('button', { name: 'Decline' }).click();
      await main(page).getByText('Sign in to decline').waitFor();
      await check('/invite sign in to decline');
      await main(page).getByRole('button', { name: 'Accept the invitation' }).click();
      await welcomed(page);
      await check('/invite welcome');
      await open(page, '/activeUserProfile');
      await main(page).getByTestId('team').first().waitFor();
      await main(page).getByTestId('team').first().locator('summary').click();
      await check('/activeUserProfile teams');

      const other = uniqueEmail(`a11y-other-${mode}`);
      await open(page, await invitationLink(other));
      await main(page).getByRole('button', { name: 'Sign out and continue' }).waitFor();
      await check('/invite somebody else');
      await open(page, '/invite?declined=Editors');
      await check('/invite declined');
    }
    const report = checks.filter(Boolean).join('\n');
    expect(report, report).toBe('');
  });
});

const screenshots = process.env['E2E_SCREENSHOTS'];

describe.skipIf(!screenshots)('screenshots of the invitation page and the profile’s teams', () => {
  it('1280 and 320 px, light and dark', async () => {
    const directory = join(screenshots!, 'invite');
    mkdirSync(directory, { recursive: true });
    for (const mode of ['light', 'dark'] as const) {
      for (const width of [1280, 320]) {
        const page = await freshPage({ colorScheme: mode, colourMode: mode, viewport: { width, height: 800 } });
        const shot = async (name: string) => {
          await page.waitForTimeout(100);
          await page.screenshot({ path: join(directory, `${name}-${mode}-${width}.png`), fullPage: true });
        };
        const email = uniqueEmail(`shots-${mode}-${width}`);
        const link = await invitationLink(email, 'Screenshot Sanaa');
        await open(page, link);
        await shot('invitation');
        await main(page).getByRole('button', { name: 'Decline' }).click();
        await main(page).getByText('Sign in to decline').waitFor();
        await shot('decline-sign-in');
        await main(page).getByRole('button', { name: 'Accept the invitation' }).click();
        await welcomed(page);
        await shot('welcome');
        await open(page, link);
        await main(page).getByRole('button', { name: 'Accept the invitation' }).click();
        await main(page).getByText('Already accepted').waitFor();
        await shot('already-accepted');
        await open(page, await invitationLink(uniqueEmail('shots-other')));
        await shot('somebody-else');
        await open(page, '/activeUserProfile#teams');
        await main(page).getByTestId('team').first().locator('summary').click();
        await main(page).getByTestId('team').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(directory, `profile-teams-${mode}-${width}.png`) });
        await open(page, '/invite?declined=Editors');
        await shot('declined');
        await open(page, '/invite?teamId=editors');
        await shot('incomplete');
      }
    }
  }, 300_000);
});
