import nodemailer from 'nodemailer';
import { envelopeExtras } from './mail-options.ts';
import type { Mailer } from './mailer.ts';
import { writeOutboxFile } from './outbox-files.ts';

/** Builds each message as real MIME (CRLF line ends, as RFC 5322 wants) and writes it into the outbox as one `.eml`. */
export function createOutboxMailer(options: { dir: string; from: string; log: (line: string) => void }): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const built = await composer.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html, ...envelopeExtras(message) });
      const file = await writeOutboxFile(options.dir, '.eml', built.message as Buffer);
      options.log(`mail: ${message.kind} to ${message.to} written to ${file} (no SMTP_URL set)`);
    },
  };
}
