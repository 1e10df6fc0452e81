import { composeMail } from './compose-mail.ts';
import { MailDeliveryError } from './mail-delivery-error.ts';
import type { Mailer } from './outgoing-mail.ts';
import { stageOutboxFile, writeOutboxFile } from './outbox-files.ts';

/** Builds each message as real MIME (CRLF line ends, as RFC 5322 wants) and writes it into the outbox as one `.eml`. */
export function createOutboxMailer(options: { dir: string; from: string; log: (line: string) => void }): Mailer {
  return {
    async send(message) {
      const { raw } = await composeMail(options.from, message);
      const file = await writeOutboxFile(options.dir, '.eml', raw);
      options.log(`mail: ${message.kind} to ${message.to} written to ${file} (no SMTP_URL set)`);
    },
    // Written as a hidden temporary file first; only the rename after the claim's commit puts it in the outbox.
    async sendHeld(message, claim) {
      const { raw } = await composeMail(options.from, message);
      const staged = await stageOutboxFile(options.dir, '.eml', raw);
      try {
        const record = await claim();
        if (!record) {
          await staged.discard();
          return false;
        }
        await record.commit();
      } catch (error) {
        await staged.discard();
        throw error;
      }
      let file: string;
      try {
        file = await staged.publish();
      } catch {
        throw new MailDeliveryError(`mail: ${message.kind} to ${message.to} could not be put in the outbox after it was recorded`);
      }
      options.log(`mail: ${message.kind} to ${message.to} written to ${file} (no SMTP_URL set)`);
      return true;
    },
  };
}
