// Account mail over real SMTP: with SMTP_URL set, recovery, verification and magic-URL mails reach an
// SMTP server (in-process here), and the link in the received text completes the flow.
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxDir } from '../../../src/mail/index.ts';
import { call, fails, freshCredentials, linkIn, ok, sessionTokenOf, signIn, signUp, SITE_PAGE } from '../../support/account-http.ts';
import { describeEachEngine } from '../../support/scenario.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

interface Received {
  envelopeTo: string[];
  mail: ParsedMail;
}

const SMTP_USER = 'atlas';
const SMTP_PASSWORD = 'relay-password-5c1e';

/**
 * An SMTP server on a loopback port that wants a login and keeps every message it accepts. It offers
 * STARTTLS with smtp-server's own (expired) certificate, so SMTP_URL must say `ignoreTLS=true`: the
 * test also shows that nodemailer's URL options reach the transport.
 */
function startSmtpServer(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: SMTP_USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
        callback();
      }, callback);
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ port, received, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

/** The last mail the SMTP server received for `to`. */
function lastMailTo(to: string): ParsedMail {
  const mail = smtp.received.filter((entry) => entry.envelopeTo.includes(to)).at(-1)?.mail;
  if (!mail) throw new Error(`the SMTP server received nothing for ${to}`);
  return mail;
}

describeEachEngine('account mail over SMTP', (engine) => {
  let running: TestServer | undefined;
  beforeAll(async () => {
    running = await startTestServer({ engine, env: { SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}?ignoreTLS=true`, MAIL_FROM: 'Ballot Atlas <accounts@atlas.test>', ABUSE_LIMITS: 'disabled' } });
  });
  afterAll(async () => {
    await running?.close();
  });
  const server = (): TestServer => running!;

  it('a recovery mail arrives over SMTP and its link sets the new password', async () => {
    const user = await signUp(server(), 'smtprecovery');
    await ok(server(), 'POST', '/account/recovery', { body: { email: user.email, url: SITE_PAGE } });
    const mail = lastMailTo(user.email);
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
    const link = linkIn(lastMailTo(user.email).text ?? '');
    await ok(server(), 'PUT', '/account/verification', { body: { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret') } });
    expect((await ok(server(), 'GET', '/account', { session: token })).emailVerification).toBe(true);
  });

  it('a magic-URL mail arrives over SMTP, in the language of the request, and its link signs in', async () => {
    const { email } = freshCredentials('smtpmagic');
    await ok(server(), 'POST', '/account/tokens/magic-url', { body: { userId: 'unique()', email, url: SITE_PAGE }, headers: { 'x-appwrite-locale': 'fr' } });
    const mail = lastMailTo(email);
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
    const down = await startSmtpServer();
    await down.close();
    running = await startTestServer({
      engine,
      env: { SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${down.port}?ignoreTLS=true`, ABUSE_LIMITS: 'disabled', LOG_LEVEL: 'info' },
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
