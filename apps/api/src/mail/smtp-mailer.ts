import nodemailer from 'nodemailer';
import type { NodemailerError } from 'nodemailer/lib/errors';
import { composeMail, type ComposedMail } from './compose-mail.ts';
import { HeldSendFailure, sendWithHeldTerminator, type HeldClaimer } from './held-smtp-send.ts';
import { MailDeliveryError } from './mail-delivery-error.ts';
import { envelopeExtras } from './mail-options.ts';
import type { Mailer } from './outgoing-mail.ts';
import { SmtpConnectionPool } from './smtp-connection-pool.ts';

export { MailDeliveryError };

/**
 * Sends through the SMTP server of the URL; nodemailer opens a connection per message, or keeps a
 * pool of them. Held sends (`sendHeld`) go over a pool of their own, `pooledConnections` large (one
 * without it), that this module drives at the protocol level.
 */
export function createSmtpMailer(options: { smtpUrl: string; from: string; log: (line: string) => void; pooledConnections?: number }): Mailer {
  const transport = options.pooledConnections ? nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: options.pooledConnections }) : nodemailer.createTransport(options.smtpUrl);
  const heldPool = new SmtpConnectionPool(options.smtpUrl, options.pooledConnections ?? 1);
  return {
    close: () => {
      transport.close();
      heldPool.close();
    },
    async send(message) {
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html, ...envelopeExtras(message) });
      } catch (error) {
        throw new MailDeliveryError(`mail: ${message.kind} to ${message.to} was not sent over SMTP (${describe(error)})`);
      }
      options.log(`mail: ${message.kind} to ${message.to} sent over SMTP`);
    },
    async sendHeld(message, claim) {
      const mail = await composeMail(options.from, message);
      let sent: boolean;
      try {
        sent = await sendOverPool(heldPool, mail, claim);
      } catch (error) {
        if (!(error instanceof HeldSendFailure)) throw error;
        const when = error.released ? 'after it was recorded' : 'before it was recorded';
        throw new MailDeliveryError(`mail: ${message.kind} to ${message.to} was not sent over SMTP, ${when} (${describe(error.smtpError)})`);
      }
      if (sent) options.log(`mail: ${message.kind} to ${message.to} sent over SMTP`);
      return sent;
    },
  };
}

/**
 * One held send on a pooled connection. A kept connection the server has dropped since its last
 * mail fails before anything is recorded (no reply code): the mail goes once more, on a new one.
 */
async function sendOverPool(pool: SmtpConnectionPool, mail: ComposedMail, claim: HeldClaimer): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    let lease: Awaited<ReturnType<SmtpConnectionPool['acquire']>>;
    try {
      lease = await pool.acquire(attempt > 1);
    } catch (error) {
      throw new HeldSendFailure(error as NodemailerError, false);
    }
    try {
      const sent = await sendWithHeldTerminator(lease.connection, mail, claim);
      if (sent) pool.release(lease.connection);
      else pool.discard(lease.connection);
      return sent;
    } catch (error) {
      pool.discard(lease.connection);
      const stale = error instanceof HeldSendFailure && !error.released && !error.smtpError.responseCode && lease.reused;
      if (stale && attempt === 1) continue;
      throw error;
    }
  }
}

/**
 * nodemailer's code and the server's reply code only: its messages can quote the server's reply
 * or the connection, and a thrown cause ends up in logs, so neither is kept.
 */
function describe(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return [typeof code === 'string' ? code : 'error', typeof responseCode === 'number' ? `reply ${responseCode}` : ''].filter(Boolean).join(', ');
}
