import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../../test/support/outbox.ts';
import { createMailer } from './mailer.ts';
import { createOutboxSmsSender } from './sms.ts';
import { renderSms } from './templates/render.ts';

describe('the outbox SMS sender', () => {
  let outbox: string;
  beforeEach(async () => {
    outbox = join(await mkdtemp(join(tmpdir(), 'ballot-atlas-sms-')), 'outbox');
  });
  afterEach(async () => {
    await rm(join(outbox, '..'), { recursive: true, force: true });
  });

  it('writes a To: line and the text into the mail outbox, and logs without the text', async () => {
    const lines: string[] = [];
    const sms = createOutboxSmsSender({ outboxDir: outbox, log: (line) => lines.push(line) });
    const text = renderSms('phone-otp', { language: 'sw', siteName: 'Ballot Atlas', code: '640218', expiresInMinutes: 15 });
    await sms.send('+255700000001', text);

    const [name] = await readdir(outbox);
    expect(name).toMatch(/\.sms\.txt$/);
    expect(await readFile(join(outbox, name!), 'utf8')).toBe(`To: +255700000001\n\n${text}\n`);
    expect(lines).toEqual([`sms: message to +255700000001 written to ${join(outbox, name!)}`]);
    expect(lines.join('\n')).not.toContain('640218');
  });

  it('shares the outbox with mail, and the test reader returns both in the order sent', async () => {
    const mailer = createMailer({ outboxDir: outbox, log: () => {} });
    const sms = createOutboxSmsSender({ outboxDir: outbox, log: () => {} });
    await sms.send('+255700000002', 'first');
    await mailer.send({ to: 'a@example.org', kind: 'test', subject: 'second', text: 'second', html: '<p>second</p>' });

    const messages = await readOutbox(outbox);
    expect(messages.map(({ channel, to, text }) => ({ channel, to, text: text.trim() }))).toEqual([
      { channel: 'sms', to: '+255700000002', text: 'first' },
      { channel: 'email', to: 'a@example.org', text: 'second' },
    ]);
  });

  it('refuses a recipient that would break the file format', async () => {
    const sms = createOutboxSmsSender({ outboxDir: outbox, log: () => {} });
    await expect(sms.send('+255700000003\n\nforged', 'text')).rejects.toThrow('an SMS recipient is one line');
  });
});
