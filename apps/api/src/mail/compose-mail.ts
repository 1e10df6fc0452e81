import nodemailer from 'nodemailer';
import { envelopeExtras } from './mail-options.ts';
import type { OutgoingMail } from './outgoing-mail.ts';

export interface ComposedMail {
  /** MAIL FROM and RCPT TO, as nodemailer derives them from the headers. */
  envelope: { from: string; to: string[] };
  /** The whole RFC 5322 message, CRLF line ends. */
  raw: Buffer;
}

// nodemailer's own message pipeline (the one its SMTP transport runs), stopped before any transport: same headers, same MIME.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** Builds a mail as the bytes an SMTP server or the outbox gets. */
export async function composeMail(from: string, message: OutgoingMail): Promise<ComposedMail> {
  const built = await composer.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, ...envelopeExtras(message) });
  const envelope = built.envelope as { from?: string | false; to?: string[] };
  return { envelope: { from: envelope.from || '', to: envelope.to ?? [] }, raw: built.message as Buffer };
}
