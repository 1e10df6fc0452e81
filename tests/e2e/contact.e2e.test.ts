/**
 * The contact form (product §3): per-field validation messages, in the browser and from the
 * server; a valid message shows the success state and is stored as a contact_messages document
 * (checked with the operator key).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { q } from './support/api.ts';
import { api, consoleProblems, formatConsole, open, watchConsole, fileContext } from './support/browser.ts';

const context = fileContext();

interface Fields {
  form: Locator;
  name: Locator;
  email: Locator;
  subject: Locator;
  message: Locator;
  send: Locator;
}

function fields(page: Page): Fields {
  const form = page.locator('main form').filter({ has: page.getByRole('button', { name: /send|submit/i }) }).first();
  return {
    form,
    name: form.getByLabel(/^\s*(your\s+)?name\b/i).first(),
    email: form.getByLabel(/e-?mail/i).first(),
    subject: form.getByLabel(/subject/i).first(),
    message: form.getByLabel(/message/i).first(),
    send: form.getByRole('button', { name: /send|submit/i }).first(),
  };
}

/** True when the field is marked invalid, by the site (aria-invalid) or by the browser's own checks. */
async function flagged(field: Locator): Promise<boolean> {
  return field.evaluate((element) => element.getAttribute('aria-invalid') === 'true' || !(element as HTMLInputElement).checkValidity());
}

/** The visible error text tied to a field (aria-describedby / aria-errormessage), if any. */
async function errorText(field: Locator): Promise<string> {
  return field.evaluate((element) => {
    const ids = `${element.getAttribute('aria-describedby') ?? ''} ${element.getAttribute('aria-errormessage') ?? ''}`.split(/\s+/).filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? '').filter(Boolean).join(' | ');
  });
}

const uniqueEmail = (): string => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;

async function storedMessages(email: string) {
  return (await api().list('contact_messages', [q.equal('email', email)])).documents;
}

describe('contact form', () => {
  it('an empty form is refused with a message on every field, and nothing is stored', async () => {
    const page = await context().newPage();
    await open(page, '/Contact');
    const form = fields(page);
    await form.send.click();
    for (const key of ['name', 'email', 'subject', 'message'] as const) {
      await expect.poll(() => flagged(form[key]), { message: `the ${key} field is flagged` }).toBe(true);
    }
    expect(new URL(page.url()).pathname).toBe('/Contact');
    await page.close();
  });

  it('the server checks too: a bad email comes back with a message tied to the email field, other values kept', async () => {
    const page = await context().newPage();
    await open(page, '/Contact');
    const form = fields(page);
    await form.form.evaluate((element) => ((element as HTMLFormElement).noValidate = true));
    await form.name.fill('E2E Tester');
    await form.email.fill('not-an-email');
    await form.subject.fill('A question about the directory');
    await form.message.fill('This message checks the server-side validation of the contact form.');
    await form.send.click();
    await expect.poll(() => form.email.getAttribute('aria-invalid'), { message: 'the email field is marked invalid' }).toBe('true');
    expect(await errorText(form.email), 'an error message tied to the email field').not.toBe('');
    expect(await form.name.inputValue()).toBe('E2E Tester');
    expect(await form.message.inputValue()).toContain('server-side validation');
    expect(await storedMessages('not-an-email')).toHaveLength(0);
    await page.close();
  });

  it('a valid message shows the success state and is stored', async () => {
    const page = await context().newPage();
    const log = watchConsole(page);
    await open(page, '/Contact');
    const form = fields(page);
    const email = uniqueEmail();
    const message = `Hello from the end-to-end suite (${email}). Is the demo data fictional?`;
    await form.name.fill('E2E Tester');
    await form.email.fill(email);
    await form.subject.fill('End-to-end check');
    await form.message.fill(message);
    await form.send.click();
    await expect
      .poll(async () => (await page.locator('main [role="status"], main [role="alert"], main').first().innerText()), { message: 'a success message', timeout: 15_000 })
      .toMatch(/thank|sent|received/i);
    await expect.poll(async () => (await storedMessages(email)).length, { message: 'the contact_messages document exists' }).toBe(1);
    const [stored] = await storedMessages(email);
    expect(stored).toMatchObject({ name: 'E2E Tester', email, subject: 'End-to-end check', message });
    expect(formatConsole(consoleProblems(log))).toBe('');
    await page.close();
  });
});
