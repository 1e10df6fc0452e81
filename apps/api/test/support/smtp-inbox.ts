/**
 * An SMTP server on a loopback port for tests of real mail delivery (SMTP_URL): it wants a login,
 * keeps every message it accepts, and finds the last one to an address.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const SMTP_USER = 'atlas';
export const SMTP_PASSWORD = 'relay-password-5c1e';

export interface ReceivedMail {
  envelopeTo: string[];
  mail: ParsedMail;
}

export interface SmtpInbox {
  port: number;
  received: ReceivedMail[];
  /** Errors of client connections (a sender killed mid-conversation resets its socket). */
  connectionErrors: Error[];
  /** SMTP_URL for a server that sends here. */
  url: string;
  /** The last mail received for `to`; throws when there is none. */
  lastMailTo(to: string): ParsedMail;
  close(): Promise<void>;
}

/**
 * Offers STARTTLS with smtp-server's own (expired) certificate, so `url` says `ignoreTLS=true`: the
 * tests also show that nodemailer's URL options reach the transport.
 */
export function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const connectionErrors: Error[] = [];
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
      server.off('error', reject);
      // Kept, not thrown: an uncaught connection reset would fail whichever test runs at that moment.
      server.on('error', (error: Error) => connectionErrors.push(error));
      const { port } = server.server.address() as AddressInfo;
      resolve({
        port,
        received,
        connectionErrors,
        url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}?ignoreTLS=true`,
        lastMailTo(to) {
          const mail = received.filter((entry) => entry.envelopeTo.includes(to)).at(-1)?.mail;
          if (!mail) throw new Error(`the SMTP server received nothing for ${to}`);
          return mail;
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
