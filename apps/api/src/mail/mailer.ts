import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';
import type { Mailer } from './outgoing-mail.ts';

export interface MailerOptions {
  /** `smtp://user:pass@host:587`, `smtps://…`; without it, mail goes to the outbox. */
  smtpUrl?: string;
  /** The From header; defaults to DEFAULT_MAIL_FROM. */
  from?: string;
  outboxDir: string;
  /** Keep up to this many SMTP connections open and reuse them (bulk sends); absent: one connection per message. */
  pooledConnections?: number;
  /** Receives one line per message: kind, recipient and where it went, never the body. */
  log: (line: string) => void;
}

export const DEFAULT_MAIL_FROM = 'Ballot Atlas <no-reply@localhost>';

/** SMTP when a URL is given, else one `.eml` file per message in the outbox. */
export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? DEFAULT_MAIL_FROM;
  return options.smtpUrl
    ? createSmtpMailer({ smtpUrl: options.smtpUrl, from, log: options.log, ...(options.pooledConnections ? { pooledConnections: options.pooledConnections } : {}) })
    : createOutboxMailer({ dir: options.outboxDir, from, log: options.log });
}
