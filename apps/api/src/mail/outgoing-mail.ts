// What the mailers share, apart from mailer.ts, which picks one of them.

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
