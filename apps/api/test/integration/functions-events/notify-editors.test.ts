// functions/notify-editors as the site declares it (appwrite.json): a contact message sent by a
// guest mails each editor once, in the editor's language, with a link to the message in the
// console, through Messaging's createEmail on the server's SMTP settings; on PostgreSQL a second
// server process on the same data does not send a second mail.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_PATH } from '../../../../web/app/lib/console/paths.ts';
import { startSmtpInbox, type SmtpInbox } from '../../support/smtp-inbox.ts';
import { newTestStorage, postgresAvailable, removeTestData, startTestServer, TEST_API_KEY, type Engine, type TestServer } from '../../support/test-server.ts';

const SITE_SCHEMA = fileURLToPath(new URL('../../../../../appwrite.json', import.meta.url));
const SITE_URL = 'https://atlas.example';
const postgresUp = await postgresAvailable();

const PROJECT = 'ballot-atlas';
const guestHeaders = { 'x-appwrite-project': PROJECT, 'content-type': 'application/json' };
const keyHeaders = { ...guestHeaders, 'x-appwrite-key': TEST_API_KEY };

async function post(server: TestServer, path: string, body: unknown, headers: Record<string, string> = guestHeaders): Promise<Response> {
  return fetch(`${server.endpoint}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** A user in the editors team; `language` goes into their account prefs. */
async function addEditor(server: TestServer, email: string, language?: string): Promise<string> {
  const password = 'editor-password-1';
  const created = (await (await post(server, '/account', { userId: 'unique()', email, password, name: email.split('@')[0] })).json()) as { $id: string };
  if (language) {
    const session = await post(server, '/account/sessions/email', { email, password });
    const cookie = session.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const prefs = await fetch(`${server.endpoint}/account/prefs`, { method: 'PATCH', headers: { ...guestHeaders, cookie }, body: JSON.stringify({ prefs: { language } }) });
    expect(prefs.status).toBe(200);
  }
  const membership = await post(server, '/teams/editors/memberships', { userId: created.$id, roles: [] }, keyHeaders);
  expect(membership.status).toBe(201);
  return created.$id;
}

async function sendContactMessage(server: TestServer, subject: string): Promise<string> {
  const response = await post(server, '/databases/main/collections/contact_messages/documents', {
    documentId: 'unique()',
    data: { name: 'Amina Visitor', email: 'amina@example.test', subject, message: `Hello editors, ${'the district list is out of date. '.repeat(30)}` },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { $id: string }).$id;
}

async function mailsAbout(inbox: SmtpInbox, subject: string, count: number, ms = 20_000) {
  const deadline = Date.now() + ms;
  const matching = () => inbox.received.filter((entry) => entry.mail.subject?.includes(subject));
  while (matching().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return matching();
}

for (const engine of ['sqlite', 'postgres'] as Engine[]) {
  describe.skipIf(engine === 'postgres' && !postgresUp)(`notify-editors [${engine}]`, () => {
    const storage = newTestStorage();
    const servers: TestServer[] = [];
    let inbox: SmtpInbox;
    const start = async () => {
      const server = await startTestServer({ engine, ...storage, keepData: true, schemaFile: SITE_SCHEMA, env: { PROJECT_ID: PROJECT, SMTP_URL: inbox.url, SITE_URL, JOBS_POLL_MS: '100' } });
      servers.push(server);
      return server;
    };
    beforeAll(async () => {
      inbox = await startSmtpInbox();
    });
    afterAll(async () => {
      for (const server of servers.splice(0)) await server.close();
      await removeTestData(engine, storage);
      await inbox.close();
    });

    it('a contact message mails each editor once, in their language, with a link to it in the console', async () => {
      const server = await start();
      const stamp = Date.now();
      await addEditor(server, `en-${stamp}@example.test`);
      await addEditor(server, `fr-${stamp}@example.test`, 'fr');
      const messageId = await sendContactMessage(server, `Outdated list ${stamp}`);
      const mails = await mailsAbout(inbox, `Outdated list ${stamp}`, 2);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await mailsAbout(inbox, `Outdated list ${stamp}`, 3, 0)).toHaveLength(2);
      const english = mails.find((entry) => entry.envelopeTo.includes(`en-${stamp}@example.test`))!.mail;
      const french = mails.find((entry) => entry.envelopeTo.includes(`fr-${stamp}@example.test`))!.mail;
      expect(english.subject).toBe(`New contact message: Outdated list ${stamp}`);
      expect(french.subject).toBe(`Nouveau message de contact : Outdated list ${stamp}`);
      expect(english.text).toContain('From: Amina Visitor <amina@example.test>');
      expect(english.text).toContain(`${SITE_URL}${CONSOLE_PATH}/messages/${messageId}`);
      // An excerpt, not the whole message.
      expect(english.text).toContain('Hello editors, the district list');
      expect(english.text).toContain('…');
    });

    it.skipIf(engine !== 'postgres')('with two server processes on one database, each editor still gets one mail', async () => {
      const second = await start();
      const stamp = Date.now();
      const messageId = await sendContactMessage(second, `Two processes ${stamp}`);
      const mails = await mailsAbout(inbox, `Two processes ${stamp}`, 2);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await mailsAbout(inbox, `Two processes ${stamp}`, 3, 0)).toHaveLength(2);
      expect(new Set(mails.map((entry) => entry.envelopeTo.join()))).toHaveProperty('size', 2);
      const runs = (await (await fetch(`${second.endpoint}/functions/notify-editors/executions`, { headers: keyHeaders })).json()) as { executions: { status: string; logs: string }[] };
      expect(runs.executions.filter((run) => run.logs.includes(messageId))).toHaveLength(1);
    });
  });
}
