/**
 * Accounts in the end-to-end suite: unique addresses, the server's mail outbox (DATA_DIR/outbox,
 * read with the API tests' own reader), links and codes picked out of mails, TOTP codes computed
 * with the API's own primitive, and the sign-up / sign-in steps as a visitor takes them.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { readOutbox, type OutboxMessage } from '../../../apps/api/test/support/outbox.ts';
import { e2e, open } from './browser.ts';

export { totpCode } from '../../../apps/api/src/services/account/primitives/totp.ts';

export const PASSWORD = 'correct horse battery staple';

export const uniqueEmail = (label = 'user'): string => `e2e-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;

/** Mail to `to`, newest last. */
export async function mailsTo(to: string): Promise<OutboxMessage[]> {
  const messages = await readOutbox(join(e2e().dataDir, 'outbox'));
  return messages.filter((message) => message.channel === 'email' && message.to.toLowerCase() === to.toLowerCase());
}

/** Waits for the `count`-th mail to `to` (1-based) and returns it. */
export async function waitForMail(to: string, count: number): Promise<OutboxMessage> {
  await expect.poll(async () => (await mailsTo(to)).length, { message: `mail #${count} to ${to}`, timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return (await mailsTo(to))[count - 1]!;
}

/** The first link in the mail's text that opens `path` on the site. */
export function linkTo(message: OutboxMessage, path: string): string {
  const url = message.text.match(/https?:\/\/\S+/g)?.find((candidate) => new URL(candidate).pathname === path);
  if (!url) throw new Error(`no ${path} link in "${message.subject}":\n${message.text}`);
  return url;
}

/** The first 6-digit code in the mail's text. */
export function codeIn(message: OutboxMessage): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in "${message.subject}":\n${message.text}`);
  return code;
}

/** Fills and sends the sign-up form; lands on /verify. */
export async function signUp(page: Page, account: { name: string; email: string; password?: string }): Promise<void> {
  await open(page, '/signup');
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password ?? PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/verify');
}

/** E-mail and password on /signin (optionally with `?next=`); does not wait for where it leads. */
export async function submitPassword(page: Page, email: string, password = PASSWORD, path = '/signin'): Promise<void> {
  await open(page, path);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs out with the header's button; lands on /signin. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/signin' && url.searchParams.get('notice') === 'signedOut');
}

/**
 * An account made behind the scenes with the operator key (so the sign-up abuse limit, 10 an hour
 * per address, is kept for the tests of the sign-up page itself).
 */
export async function createAccount(account: { email: string; name: string; password?: string }): Promise<void> {
  const { url, apiKey, projectId } = e2e();
  const response = await fetch(`${url}/v1/account`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Appwrite-Project': projectId, 'X-Appwrite-Key': apiKey },
    body: JSON.stringify({ userId: 'unique()', email: account.email, password: account.password ?? PASSWORD, name: account.name }),
  });
  if (response.status !== 201) throw new Error(`POST /v1/account → ${response.status}: ${await response.text()}`);
}

/** The page's width fits the viewport: the widest offenders are named when it does not. */
export async function horizontalOverflow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return '';
    const wide = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(/\s+/).slice(0, 3).join('.')}`);
    return `scrollWidth ${document.documentElement.scrollWidth} > ${width}: ${wide.join('; ')}`;
  });
}
