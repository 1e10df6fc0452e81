/**
 * The people pages of the editors' console in real Chromium against the real API: the Team page
 * (an owner invites by mail, changes a role, removes; a non-owner only reads, and the API refuses
 * them too) and the contact messages (a message sent through /Contact is new, opening it marks it
 * read, it can be marked answered and found by status and words, and an owner deletes it). Guests
 * and signed-in non-editors get the ordinary 404. Axe and 320 px; E2E_SCREENSHOTS=dir also saves
 * the pages at 1280 and 320 px, light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { horizontalOverflow, linkTo, submitPassword, uniqueEmail, waitForMail } from './support/account.ts';
import { q } from './support/api.ts';
import { formatFindings, seriousViolations } from './support/axe.ts';
import { api, closeBrowser, consoleProblems, formatConsole, open, siteFetch, waitForHydration, watchConsole, type ContextOptions, freshContexts } from './support/browser.ts';
import { callAs, CONSOLE, createMember, createUser, membershipOf, sessionCookieOf } from './support/teams.ts';

const TEAM = `${CONSOLE}/team`;
const MESSAGES = `${CONSOLE}/messages`;

const browserContexts = freshContexts();
const freshPage = browserContexts.page;

const main = (page: Page) => page.getByRole('main');

/** A browser page signed in as a new member of `editors` with `role`. */
async function signedInMember(role: 'owner' | 'editor', name: string, options: ContextOptions = {}): Promise<{ page: Page; email: string; userId: string }> {
  const email = uniqueEmail(role);
  const { userId } = await createMember({ email, name }, role);
  const page = await freshPage(options);
  await submitPassword(page, email);
  await page.waitForURL((url) => url.pathname === '/activeUserProfile');
  return { page, email, userId };
}

/** Sends a message through the contact form as a guest; the words it can be found by. */
async function sendContactMessage(subject: string): Promise<{ email: string; subject: string }> {
  const page = await freshPage();
  const email = uniqueEmail('contact');
  await open(page, '/Contact');
  await page.getByLabel('Your name').fill('Wanjiku O’Neill-Kamau');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill(`Habari! <b>Not bold</b> & a question about ${subject}.\nSecond line.`);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect.poll(async () => (await api().list('contact_messages', [q.equal('email', email)])).total, { message: 'the message is stored' }).toBe(1);
  return { email, subject };
}

function memberRow(page: Page, text: string) {
  return main(page).getByTestId('member').filter({ hasText: text });
}

describe('the Team page', () => {
  it('an owner invites an editor by mail, changes the role, then withdraws the invitation; and changes and removes a member', async () => {
    const { page } = await signedInMember('owner', 'Owner Okello');
    const log = watchConsole(page);
    await open(page, TEAM);
    await main(page).getByRole('heading', { name: 'Team', exact: true }).waitFor();

    const invitee = uniqueEmail('team-invite');
    await main(page).getByLabel('E-mail address').fill(invitee);
    await main(page).getByLabel('Name').fill('Neema Invitee');
    await main(page).getByLabel('Role', { exact: true }).selectOption('editor');
    await main(page).getByLabel('Language of the e-mail').selectOption('fr');
    await main(page).getByRole('button', { name: 'Send the invitation' }).click();
    await main(page).getByText(`Invitation sent to ${invitee}.`).waitFor();
    // The form is empty again for the next invitation.
    expect(await main(page).getByLabel('E-mail address').inputValue()).toBe('');
    const mail = await waitForMail(invitee, 1);
    expect(mail.subject).toBe('Invitation à rejoindre Editors sur Ballot Atlas');
    expect(new URL(linkTo(mail, '/invite')).searchParams.get('teamId')).toBe('editors');

    const pending = memberRow(page, invitee);
    await pending.getByText('Invited', { exact: true }).waitFor();
    await pending.getByRole('combobox', { name: /^Role of/ }).selectOption('owner');
    await pending.getByRole('button', { name: /^Change role/ }).click();
    await pending.getByText('The role is changed.').waitFor();
    await pending.getByText('Owner', { exact: true }).first().waitFor();
    await pending.locator('summary', { hasText: 'Withdraw invitation' }).click();
    await pending.getByRole('button', { name: 'Withdraw the invitation' }).click();
    await main(page).getByText('Removed from the team.').waitFor();
    await expect.poll(() => memberRow(page, invitee).count()).toBe(0);

    const memberEmail = uniqueEmail('team-member');
    const { userId } = await createMember({ email: memberEmail, name: 'Member Makena' }, 'editor');
    await open(page, TEAM);
    const member = memberRow(page, 'Member Makena');
    expect(await member.innerText()).toContain('Joined');
    await member.getByRole('combobox', { name: /^Role of/ }).selectOption('owner');
    await member.getByRole('button', { name: /^Change role/ }).click();
    await member.getByText('The role is changed.').waitFor();
    expect((await membershipOf(userId))?.roles).toEqual(['owner']);
    await member.locator('summary', { hasText: 'Remove' }).click();
    await member.getByRole('button', { name: 'Remove Member Makena' }).click();
    await main(page).getByText('Removed from the team.').waitFor();
    expect(await membershipOf(userId)).toBeUndefined();
    expect(formatConsole(consoleProblems(log))).toBe('');
  });

  it('an editor who is not an owner sees the team read-only, and the API refuses their invitation too', async () => {
    const { page, email } = await signedInMember('editor', 'Editor Esther');
    await open(page, TEAM);
    await main(page).getByText('Only the team\'s owners can invite editors, change roles and remove members.').waitFor();
    await memberRow(page, 'Editor Esther').getByText('You', { exact: true }).waitFor();
    for (const control of ['Send the invitation', 'Change role']) expect(await main(page).getByRole('button', { name: control }).count(), control).toBe(0);
    expect(await main(page).locator('summary').count()).toBe(0);

    const refused = await callAs<{ type: string }>(await sessionCookieOf(email), 'POST', '/teams/editors/memberships', { roles: ['editor'], email: uniqueEmail('sneaky'), url: `${new URL(page.url()).origin}/invite` });
    expect({ status: refused.status, type: refused.body.type }).toEqual({ status: 401, type: 'user_unauthorized' });
  });
});

describe('the Messages page', () => {
  it('a message from /Contact arrives as new; opening marks it read; it is marked answered, found by status and words, and an owner deletes it', async () => {
    const subject = `Polling station hours ${Math.random().toString(36).slice(2, 8)}`;
    const { email } = await sendContactMessage(subject);
    const { page: editor } = await signedInMember('editor', 'Reader Rukia');
    await open(editor, MESSAGES);
    const row = main(editor).getByTestId('message-row').filter({ hasText: subject });
    await row.getByText('New', { exact: true }).waitFor();
    expect(await row.innerText()).toContain('Wanjiku O’Neill-Kamau');

    await row.getByRole('link', { name: subject }).click();
    await editor.waitForURL((url) => url.pathname.startsWith(`${MESSAGES}/`));
    await waitForHydration(editor);
    const text = main(editor).getByTestId('message-text');
    // Shown as the sender typed it: markup stays text, line breaks stay.
    expect(await text.innerText()).toBe(`Habari! <b>Not bold</b> & a question about ${subject}.\nSecond line.`);
    expect(await text.locator('b').count()).toBe(0);
    await main(editor).getByText('Read', { exact: true }).waitFor();
    expect(await main(editor).getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')).toBe(`mailto:${email}?subject=${encodeURIComponent(`Re: ${subject}`)}`);
    // Only owners delete.
    expect(await main(editor).locator('summary', { hasText: 'Delete' }).count()).toBe(0);
    const [stored] = (await api().list('contact_messages', [q.equal('email', email)])).documents;
    expect(stored?.['status']).toBe('read');

    await main(editor).getByRole('button', { name: 'Mark as answered' }).click();
    await main(editor).getByText('Marked as answered.').waitFor();
    // Found by its words whatever their case.
    await open(editor, `${MESSAGES}?status=answered&q=${encodeURIComponent(subject.toLowerCase())}`);
    await main(editor).getByTestId('message-row').filter({ hasText: subject }).getByText('Answered', { exact: true }).waitFor();
    expect(await main(editor).getByTestId('message-row').count()).toBe(1);
    await open(editor, `${MESSAGES}?status=new&q=${encodeURIComponent(subject.split(' ').at(-1)!)}`);
    await main(editor).getByText('No message matches.').waitFor();

    const { page: owner } = await signedInMember('owner', 'Owner Omondi');
    await open(owner, `${MESSAGES}?q=${encodeURIComponent(subject)}`);
    await main(owner).getByRole('link', { name: subject }).click();
    await owner.waitForURL((url) => url.pathname.startsWith(`${MESSAGES}/`));
    await waitForHydration(owner);
    await main(owner).locator('summary', { hasText: 'Delete' }).click();
    await main(owner).getByRole('button', { name: 'Delete the message' }).click();
    await owner.waitForURL((url) => url.pathname === MESSAGES && url.searchParams.get('notice') === 'deleted');
    await main(owner).getByText('The message is deleted.').waitFor();
    expect((await api().list('contact_messages', [q.equal('email', email)])).total).toBe(0);
  });

  it('marking a message new takes it back to the list, unread', async () => {
    const subject = `Ballot paper design ${Math.random().toString(36).slice(2, 8)}`;
    await sendContactMessage(subject);
    const { page } = await signedInMember('editor', 'Editor Eliud');
    await open(page, `${MESSAGES}?q=${encodeURIComponent(subject)}`);
    await main(page).getByRole('link', { name: subject }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${MESSAGES}/`));
    await waitForHydration(page);
    await main(page).getByRole('button', { name: 'Mark as new' }).click();
    await page.waitForURL((url) => url.pathname === MESSAGES && url.searchParams.get('notice') === 'markedNew');
    await main(page).getByText('The message is marked as new.').waitFor();
    await open(page, `${MESSAGES}?status=new&q=${encodeURIComponent(subject)}`);
    await main(page).getByTestId('message-row').filter({ hasText: subject }).waitFor();
  });
});

describe('nobody else sees the console’s people pages', () => {
  it('guests and signed-in non-editors get the ordinary 404 at /messages, a message and /team', async () => {
    const paths = [MESSAGES, `${MESSAGES}/anything`, TEAM];
    for (const path of paths) {
      const response = await siteFetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain(`Page not found: ${path}`);
    }
    const email = uniqueEmail('outsider');
    await createUser({ email, name: 'Outsider Otieno' });
    const cookie = await sessionCookieOf(email);
    for (const path of paths) {
      const response = await siteFetch(path, { headers: { cookie } });
      expect(response.status, `${path} signed in`).toBe(404);
      expect(await response.text(), path).toContain(`Page not found: ${path}`);
    }
    const page = await freshPage();
    await submitPassword(page, email);
    await page.waitForURL((url) => url.pathname === '/activeUserProfile');
    expect(await open(page, TEAM)).toBe(404);
    await main(page).getByRole('heading', { name: `Page not found: ${TEAM}` }).waitFor();
  });

  it('an unknown message is the fatal 404 for an editor', async () => {
    const { page } = await signedInMember('editor', 'Editor Eunice');
    expect(await open(page, `${MESSAGES}/no-such-message`)).toBe(404);
    await main(page).getByText('404 ERROR').waitFor();
  });
});

describe('accessibility and narrow screens', () => {
  it('the messages, one message and the team page (owner and read-only) pass axe in light and dark and fit 320 px', async () => {
    const subject = `Accessible question ${Math.random().toString(36).slice(2, 8)}`;
    await sendContactMessage(subject);
    const checks: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      for (const role of ['owner', 'editor'] as const) {
        const { page } = await signedInMember(role, `Axe ${role}`, { colorScheme: mode, colourMode: mode, viewport: { width: 320, height: 640 } });
        const check = async (label: string) => checks.push(formatFindings(`${label} as ${role} (${mode})`, await seriousViolations(page)), await horizontalOverflow(page));
        await open(page, TEAM);
        if (role === 'owner') await main(page).getByTestId('member').first().locator('summary').click();
        await check(TEAM);
        await open(page, `${MESSAGES}?q=${encodeURIComponent(subject)}`);
        await check(MESSAGES);
        await main(page).getByRole('link', { name: subject }).click();
        await page.waitForURL((url) => url.pathname.startsWith(`${MESSAGES}/`));
        await waitForHydration(page);
        if (role === 'owner') await main(page).locator('summary').click();
        await check(`${MESSAGES}/:id`);
      }
    }
    const report = checks.filter(Boolean).join('\n');
    expect(report, report).toBe('');
  });
});

const screenshots = process.env['E2E_SCREENSHOTS'];

describe.skipIf(!screenshots)('screenshots of the console’s people pages', () => {
  it('1280 and 320 px, light and dark', async () => {
    const directory = join(screenshots!, 'console-people');
    mkdirSync(join(directory, 'parts'), { recursive: true });
    const subject = `Screenshot question ${Math.random().toString(36).slice(2, 8)}`;
    await sendContactMessage(subject);
    for (const mode of ['light', 'dark'] as const) {
      for (const width of [1280, 320]) {
        for (const role of ['owner', 'editor'] as const) {
          const { page } = await signedInMember(role, `Shot ${role}`, { colorScheme: mode, colourMode: mode, viewport: { width, height: 900 } });
          const shot = async (name: string) => {
            await page.waitForTimeout(100);
            const file = `${name}-${role}-${mode}-${width}`;
            await page.screenshot({ path: join(directory, `${file}.png`), fullPage: true });
            // Narrow pages get tall: also in screen-sized parts, readable at full size.
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            for (let part = 1, y = 0; width < 500 && y < height; part++, y += 1200) {
              await page.screenshot({ path: join(directory, 'parts', `${file}-part${part}.png`), fullPage: true, clip: { x: 0, y, width, height: Math.min(1200, height - y) } });
            }
          };
          await open(page, TEAM);
          await shot('team');
          await open(page, MESSAGES);
          await shot('messages');
          await open(page, `${MESSAGES}?q=${encodeURIComponent(subject)}`);
          await main(page).getByRole('link', { name: subject }).click();
          await page.waitForURL((url) => url.pathname.startsWith(`${MESSAGES}/`));
          await waitForHydration(page);
          if (role === 'owner') await main(page).locator('summary').click();
          await shot('message');
        }
      }
    }
  }, 300_000);
});
