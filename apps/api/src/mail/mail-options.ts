import type { OutgoingMail } from './outgoing-mail.ts';

/** The optional parts of a mail as nodemailer's message options. */
export function envelopeExtras(message: OutgoingMail): { headers?: Record<string, string>; messageId?: string } {
  return { ...(message.headers ? { headers: message.headers } : {}), ...(message.messageId ? { messageId: message.messageId } : {}) };
}
