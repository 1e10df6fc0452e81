// Account mail over real SMTP: with SMTP_URL set, recovery, verification and magic-URL mails reach an
// SMTP server (in-process here), and the link in the received text completes the flow.
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxDir } from '../../../src/mail/index.ts';
import { call, fails, freshCredentials, linkIn, ok, sessionTokenOf, signIn, signUp, SITE_PAGE } from '../../support/account-http.ts';
import { describeEachEngine } from '../../support/scenario.ts';
import { SMTP_PASSWORD, startSmtpInbox, type SmtpInbox } from '../../support/smtp-inbox.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

let smtp: SmtpInbox;
beforeAll(async () => {
  smtp = await startSmtpInbox();
});
afterAll(async () => {
  await smtp?.close();
});

describeEachEngine('account mail over SMTP', (engine) => {
  let running: TestServer | undefined;
  beforeAll(async () => {
    running = await startTestServer({ engine, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Ballot Atlas <accounts@atlas.test>', ABUSE_LIMITS: 'disabled' } });
  });
  afterAll(async () => {
    await running?.close();
  });
  const server = (): TestServer => running!;

  it('a recovery mail arrives over SMTP and its link sets the new password', async () => {
    const user = await signUp(server(), 'smtprecovery');
    await ok(server(), 'POST', '/account/recovery', { body: { email: user.email, url: SITE_PAGE } });
    const mail = smtp.lastMailTo(user.email);
    expect(mail.from?.value).toEqual([{ name: 'Ballot Atlas', address: 'accounts@atlas.test' }]);
    expect(mail.subject).toBe('Reset your Ballot Atlas password');
    const link = linkIn(mail.text ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(SITE_PAGE);
    expect(mail.html).toContain(link.searchParams.get('secret'));

    const reset = { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret'), password: 'password-from-the-mail' };
    await ok(server(), 'PUT', '/account/recovery', { body: reset });
    await fails(server(), 'POST', '/account/sessions/email', { code: 401, type: 'user_invalid_credentials' }, { body: { email: user.email, password: user.password } });
    await signIn(server(), { email: user.email, password: 'password-from-the-mail' });
    await fails(server(), 'PUT', '/account/recovery', { code: 401, type: 'user_invalid_token' }, { body: { ...reset, password: 'password-once-again' } });
  });

  it('a verification mail arrives over SMTP and its link verifies the address', async () => {
    const user = await signUp(server(), 'smtpverify');
    const { token } = await signIn(server(), user);
    await ok(server(), 'POST', '/account/verification', { session: token, body: { url: SITE_PAGE } });
    const link = linkIn(smtp.lastMailTo(user.email).text ?? '');
    await ok(server(), 'PUT', '/account/verification', { body: { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret') } });
    expect((await ok(server(), 'GET', '/account', { session: token })).emailVerification).toBe(true);
  });

  it('a magic-URL mail arrives over SMTP, in the language of the request, and its link signs in', async () => {
    const { email } = freshCredentials('smtpmagic');
    await ok(server(), 'POST', '/account/tokens/magic-url', { body: { userId: 'unique()', email, url: SITE_PAGE }, headers: { 'x-appwrite-locale': 'fr' } });
    const mail = smtp.lastMailTo(email);
    expect(mail.subject).toBe('Votre lien de connexion à Ballot Atlas');
    expect(mail.text).toContain('Bonjour');
    const link = linkIn(mail.text ?? '');
    const response = await call(server(), 'PUT', '/account/sessions/magic-url', { body: { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret') } });
    expect(response.status).toBe(201);
    expect((await ok(server(), 'GET', '/account', { session: sessionTokenOf(response) })).email).toBe(email);
  });

  it('with SMTP set, nothing is written to the outbox', async () => {
    const names = await readdir(outboxDir(server().dataDir)).catch(() => []);
    expect(names).toEqual([]);
  });
});

describeEachEngine('account mail when the SMTP server is down', (engine) => {
  const logLines: string[] = [];
  let running: TestServer | undefined;
  beforeAll(async () => {
    const down = await startSmtpInbox();
    await down.close();
    running = await startTestServer({
      engine,
      env: { SMTP_URL: down.url, ABUSE_LIMITS: 'disabled', LOG_LEVEL: 'info' },
      appOptions: { logStream: { write: (line) => void logLines.push(line) } },
    });
  });
  afterAll(async () => {
    await running?.close();
  });

  it('a recovery request fails with 503, leaves no usable secret behind, and the log says why without the SMTP password', async () => {
    const user = await signUp(running!, 'smtpdown');
    const response = await call(running!, 'POST', '/account/recovery', { body: { email: user.email, url: SITE_PAGE } });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ type: 'general_smtp_disabled' });
    const tokens = await running!.app.services.dialect.db.selectFrom('_auth_tokens').select('id').where('user_id', '=', user.id).execute();
    expect(tokens).toEqual([]);
    const failure = logLines.find((line) => line.includes(`mail: recovery to ${user.email} was not sent over SMTP`));
    expect(failure).toBeDefined();
    expect(logLines.join('')).not.toContain(SMTP_PASSWORD);
  });
});
