import nodemailer from 'nodemailer';
import { envelopeExtras } from './mail-options.ts';
import type { Mailer } from './mailer.ts';

export class MailDeliveryError extends Error {}

/** Sends through the SMTP server of the URL; nodemailer opens a connection per message, or keeps a pool of them. */
export function createSmtpMailer(options: { smtpUrl: string; from: string; log: (line: string) => void; pooledConnections?: number }): Mailer {
  const transport = options.pooledConnections ? nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: options.pooledConnections }) : nodemailer.createTransport(options.smtpUrl);
  return {
    close: () => transport.close(),
    async send(message) {
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html, ...envelopeExtras(message) });
      } catch (error) {
        throw new MailDeliveryError(`mail: ${message.kind} to ${message.to} was not sent over SMTP (${describe(error)})`);
      }
      options.log(`mail: ${message.kind} to ${message.to} sent over SMTP`);
    },
  };
}

/**
 * nodemailer's code and the server's reply code only: its messages can quote the server's reply
 * or the connection, and a thrown cause ends up in logs, so neither is kept.
 */
function describe(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return [typeof code === 'string' ? code : 'error', typeof responseCode === 'number' ? `reply ${responseCode}` : ''].filter(Boolean).join(', ');
}
