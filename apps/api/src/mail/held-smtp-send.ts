import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { NodemailerError } from 'nodemailer/lib/errors';
import type SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { ComposedMail } from './compose-mail.ts';
import type { HeldClaim } from './outgoing-mail.ts';

/** Writes the caller's record of the mail, uncommitted, once the server holds all of it but the end-of-data line; null withdraws it. */
export type HeldClaimer = () => Promise<HeldClaim | null>;

/** The server refused the mail or the connection failed; `released` says whether the claim was committed (and the end of data sent) by then. */
export class HeldSendFailure extends Error {
  readonly smtpError: NodemailerError;
  readonly released: boolean;

  constructor(smtpError: NodemailerError, released: boolean) {
    super(smtpError.message);
    this.smtpError = smtpError;
    this.released = released;
  }
}

/**
 * Sends one mail over a logged-in connection with its end-of-data line ("." on a line of its own)
 * held back: the whole body goes to the socket and into the kernel, then `claim` writes the
 * caller's record. Until the terminator the server has no mail: RFC 5321 §3.3 makes it what
 * confirms the transaction, and a connection closed before it ends the transaction with nothing
 * stored. Then, in one turn with no wait between them, the record's commit is started and the
 * body stream ended, which makes nodemailer's DATA encoder write the terminator: a process killed
 * before that turn leaves neither the record nor the mail, one killed after it has handed both to
 * the kernel, which sends them on. Withdrawn (null), or a throwing `claim`: the connection is
 * closed without the terminator. Resolves true when the server accepted the mail, false when withdrawn.
 */
export async function sendWithHeldTerminator(connection: SMTPConnection, mail: ComposedMail, claim: HeldClaimer): Promise<boolean> {
  const body = new PassThrough();
  let outcome: { error: NodemailerError | null } | undefined;
  const reply = new Promise<void>((resolve) => {
    const settle = (error: NodemailerError | null) => {
      outcome ??= { error };
      connection.off('end', closed);
      resolve();
    };
    // A connection closed under the send (the pool shutting down) does not call the send back;
    // a turn later, so that the send's own error, reported just after 'end', is the one kept.
    const closed = () => setImmediate(() => settle(Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' })));
    connection.once('end', closed);
    connection.send(mail.envelope, body, (error) => settle(error ?? null));
  });
  body.write(mail.raw);
  await bodyInKernel(connection, body, reply, () => outcome !== undefined);
  if (outcome?.error) throw new HeldSendFailure(outcome.error, false);

  let record: HeldClaim | null;
  try {
    record = await claim();
  } catch (error) {
    connection.close();
    throw error;
  }
  if (!record) {
    connection.close();
    return false;
  }
  // The connection may have failed while the record was written; the server never saw the terminator then.
  if (outcome?.error) {
    await record.abort();
    throw new HeldSendFailure(outcome.error, false);
  }
  const committed = record.commit();
  body.end();
  await committed;
  await reply;
  if (outcome?.error) throw new HeldSendFailure(outcome.error, true);
  return true;
}

/**
 * Waits until nodemailer has started DATA (it pipes the body once the server answered 354) and
 * every byte of the body has left Node's buffers for the kernel's, or until the send has ended
 * (a refused envelope, a dropped connection). The terminator written later is then a few bytes
 * the kernel takes at once, and the server has the rest already.
 */
async function bodyInKernel(connection: SMTPConnection, body: PassThrough, reply: Promise<void>, ended: () => boolean): Promise<void> {
  await Promise.race([new Promise((resolve) => body.once('resume', resolve)), reply]);
  for (;;) {
    // One turn of the event loop lets the pipes (body → DATA encoder → socket) move what they were given.
    await nextTurn();
    if (ended()) return;
    // nodemailer declares the socket as a public field; the pending bytes are only visible on it.
    const socket = connection._socket;
    const socketPending = socket ? socket.writableLength : 0;
    if (body.readableLength === 0 && body.writableLength === 0 && socketPending === 0) return;
    if (socket && socket.writableNeedDrain) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), reply]);
  }
}
