import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { MailDeliveryError } from './smtp-mailer.ts';
import { renderMail } from './templates/render.ts';

const USER = 'mailer';
const PASSWORD = 'smtp-password-9d2f';

/** A real SMTP server on a loopback port that keeps what it receives. */
function startSmtpServer(): Promise<{ port: number; received: ParsedMail[]; close(): Promise<void> }> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
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

describe('the SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  const secretUrl = 'https://atlas.example/verify?userId=u1&secret=c0ffee42';

  it('delivers the rendered mail, text and HTML, to the server of SMTP_URL', async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      smtpUrl: `smtp://${USER}:${PASSWORD}@127.0.0.1:${smtp.port}`,
      from: 'Ballot Atlas <accounts@atlas.example>',
      outboxDir: '/nonexistent',
      log: (line) => lines.push(line),
    });
    const mail = renderMail('verification', { language: 'sw', siteName: 'Ballot Atlas', userName: 'Amani', url: secretUrl, expiresInMinutes: 60 });
    await mailer.send({ to: 'amani@example.org', ...mail });

    const received = smtp.received.at(-1)!;
    expect(received.subject).toBe('Thibitisha anwani yako ya barua pepe kwa Ballot Atlas');
    expect(received.from?.value).toEqual([{ name: 'Ballot Atlas', address: 'accounts@atlas.example' }]);
    expect([received.to].flat()[0]?.value[0]?.address).toBe('amani@example.org');
    expect(received.text).toBe(mail.text);
    expect(received.html).toBe(mail.html);
    expect(lines).toEqual(['mail: verification to amani@example.org sent over SMTP']);
  });

  it('reports a refused login without the password, the body or the link', async () => {
    const wrong = 'not-the-password-77';
    const lines: string[] = [];
    const mailer = createMailer({ smtpUrl: `smtp://${USER}:${wrong}@127.0.0.1:${smtp.port}`, outboxDir: '/nonexistent', log: (line) => lines.push(line) });
    const mail = renderMail('magic-url', { language: 'en', siteName: 'Ballot Atlas', url: secretUrl, expiresInMinutes: 60 });
    const failure = await mailer.send({ to: 'ada@example.org', ...mail }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MailDeliveryError);
    const message = (failure as Error).message;
    expect(message).toBe('mail: magic-url to ada@example.org was not sent over SMTP (EAUTH, reply 535)');
    expect((failure as Error).cause).toBeUndefined();
    expect(lines).toEqual([]);
  });

  it('reports a server that does not answer', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${closed.port}`, outboxDir: '/nonexistent', log: () => {} });
    const mail = renderMail('email-otp', { language: 'en', siteName: 'Ballot Atlas', code: '123456', expiresInMinutes: 15 });
    await expect(mailer.send({ to: 'ada@example.org', ...mail })).rejects.toThrow(/^mail: email-otp to ada@example.org was not sent over SMTP \(ESOCKET\)$/);
  });
});
