/**
 * Reads what the embedded mailer and SMS sender left in the outbox, oldest first, so tests can pick
 * a link or code out of the last message to someone.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

export interface OutboxMessage {
  file: string;
  channel: 'email' | 'sms';
  to: string;
  /** Empty for SMS. */
  subject: string;
  text: string;
  /** Empty for SMS. */
  html: string;
}

export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const messages = names
    .filter((name) => !name.startsWith('.'))
    .sort()
    .map((name) => readMessage(join(dir, name)));
  return (await Promise.all(messages)).filter((message) => message !== undefined);
}

async function readMessage(file: string): Promise<OutboxMessage | undefined> {
  if (file.endsWith('.eml')) {
    const mail = await simpleParser(await readFile(file));
    return { file, channel: 'email', to: addresses(mail.to), subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '' };
  }
  if (file.endsWith('.sms.txt')) {
    const [head = '', ...body] = (await readFile(file, 'utf8')).split('\n\n');
    return { file, channel: 'sms', to: head.replace(/^To: /, ''), subject: '', text: body.join('\n\n').replace(/\n$/, ''), html: '' };
  }
  return undefined;
}

/** Bare addresses, comma-separated. */
function addresses(to: AddressObject | AddressObject[] | undefined): string {
  return [to ?? []].flat().flatMap((group) => group.value.map((entry) => entry.address ?? '')).join(', ');
}
