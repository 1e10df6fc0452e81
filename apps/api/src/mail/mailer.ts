import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export interface OutgoingMail {
  to: string;
  /** What the message is for (`recovery`, `email-otp`…): named in log lines in place of the body. */
  kind: string;
  subject: string;
  text: string;
  html: string;
  /** More header lines (`List-Unsubscribe`…). */
  headers?: Record<string, string>;
  /** The Message-ID, `<local@domain>`; absent: the transport makes one up. */
  messageId?: string;
}

export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
  /**
   * Sends a mail whose delivery waits on the caller's record of it. `claim` runs once the mail is
   * complete at its destination except for the last step that makes it delivered (SMTP: the
   * end-of-data line; the outbox: the rename into place) and writes that record without committing
   * it. Null withdraws the mail (nothing arrives); so does a throw, rethrown as is. Otherwise the
   * record's commit is started and, in the same turn, the last step. Resolves true when delivered,
   * false when withdrawn; throws MailDeliveryError when the mail failed, before the commit (the
   * claim aborted) or after it.
   */
  sendHeld(message: OutgoingMail, claim: () => Promise<HeldClaim | null>): Promise<boolean>;
  /** Closes kept SMTP connections (a pooled mailer). */
  close?(): void;
}

/** A record of a held mail, written but not committed yet. */
export interface HeldClaim {
  commit(): Promise<void>;
  abort(): Promise<void>;
}

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
