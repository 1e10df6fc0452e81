import { writeOutboxFile } from './outbox-files.ts';

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** The embedded SMS sender: one `.sms.txt` per message (a `To:` line, a blank line, the text) in the mail outbox. */
export function createOutboxSmsSender(options: { outboxDir: string; log: (line: string) => void }): SmsSender {
  return {
    async send(to, text) {
      if (/[\r\n]/.test(to)) throw new Error('an SMS recipient is one line');
      const file = await writeOutboxFile(options.outboxDir, '.sms.txt', `To: ${to}\n\n${text}\n`);
      options.log(`sms: message to ${to} written to ${file}`);
    },
  };
}
