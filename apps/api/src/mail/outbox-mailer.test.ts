import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../../test/support/outbox.ts';
import { createMailer } from './mailer.ts';
import { outboxDir } from './outbox-files.ts';
import { renderMail } from './templates/render.ts';

describe('the outbox mailer', () => {
  let dataDir: string;
  let outbox: string;
  let lines: string[];
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ballot-atlas-mail-'));
    outbox = outboxDir(dataDir);
    lines = [];
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const secret = '9f8e7d6c5b4a';
  const url = `https://atlas.example/recovery?userId=u1&secret=${secret}`;
  const code = '305719';

  it('keeps the outbox under the data directory', () => {
    expect(outboxDir('/srv/data')).toBe('/srv/data/outbox');
  });

  it('writes one RFC 5322 message per mail, readable by a mail parser', async () => {
    const mailer = createMailer({ outboxDir: outbox, log: (line) => lines.push(line) });
    const mail = renderMail('recovery', { language: 'fr', siteName: 'Ballot Atlas', userName: 'Zoé', url, expiresInMinutes: 60 });
    await mailer.send({ to: 'zoe@example.org', ...mail });

    const [name, ...others] = await readdir(outbox);
    expect(others).toEqual([]);
    expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-\d{6}-[0-9a-f]{8}\.eml$/);
    const raw = await readFile(join(outbox, name!));
    expect(raw.toString('latin1')).toMatch(/^[^\n]*\r\n/);
    const parsed = await simpleParser(raw);
    expect(parsed.from?.value).toEqual([{ name: 'Ballot Atlas', address: 'no-reply@localhost' }]);
    expect([parsed.to].flat()[0]?.value[0]?.address).toBe('zoe@example.org');
    expect(parsed.subject).toBe('Réinitialisez votre mot de passe Ballot Atlas');
    expect(parsed.messageId).toMatch(/^<.+@.+>$/);
    expect(parsed.date).toBeInstanceOf(Date);
    expect(parsed.text).toBe(mail.text);
    expect(parsed.html).toBe(mail.html);
    expect((await stat(join(outbox, name!))).mode & 0o077).toBe(0);
  });

  it('writes the extra headers and the Message-ID it is given', async () => {
    const mailer = createMailer({ outboxDir: outbox, log: () => {} });
    const link = 'https://atlas.example/unsubscribe?token=abc.def';
    await mailer.send({
      to: 'amina@example.org', kind: 'message m1', subject: 'Update', text: 'Hello', html: '<p>Hello</p>', messageId: '<m1.0a1b2c@atlas.example>',
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const [name] = await readdir(outbox);
    const parsed = await simpleParser(await readFile(join(outbox, name!)));
    expect(parsed.messageId).toBe('<m1.0a1b2c@atlas.example>');
    const line = (key: string) => parsed.headerLines.find((header) => header.key === key)?.line;
    expect(line('list-unsubscribe')).toBe(`List-Unsubscribe: <${link}>`);
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('logs the kind, the recipient and the file, never the link or the code', async () => {
    const mailer = createMailer({ outboxDir: outbox, log: (line) => lines.push(line) });
    await mailer.send({ to: 'ada@example.org', ...renderMail('magic-url', { language: 'en', siteName: 'Ballot Atlas', url, expiresInMinutes: 60, phrase: 'Brave owl' }) });
    await mailer.send({ to: 'ada@example.org', ...renderMail('email-otp', { language: 'en', siteName: 'Ballot Atlas', code, expiresInMinutes: 15, phrase: 'Brave owl' }) });

    const files = (await readOutbox(outbox)).map((message) => message.file);
    expect(lines).toEqual([
      `mail: magic-url to ada@example.org written to ${files[0]} (no SMTP_URL set)`,
      `mail: email-otp to ada@example.org written to ${files[1]} (no SMTP_URL set)`,
    ]);
    for (const line of lines) {
      expect(line).not.toContain(secret);
      expect(line).not.toContain(code);
      expect(line).not.toContain('Brave owl');
    }
  });

  it('a held mail enters the outbox only after its claim was committed', async () => {
    const mailer = createMailer({ outboxDir: outbox, log: (line) => lines.push(line) });
    const mail = { to: 'amina@example.org', kind: 'message m1', subject: 'Update', text: 'Hello', html: '<p>Hello</p>', messageId: '<m1.0a1b2c@atlas.example>' };
    const seen: { claim?: string[]; commit?: string[] } = {};
    expect(await mailer.sendHeld(mail, async () => {
      seen.claim = await readdir(outbox);
      return {
        commit: async () => {
          seen.commit = await readdir(outbox);
        },
        abort: async () => {},
      };
    })).toBe(true);
    const hidden = seen.claim ?? [];
    expect(hidden).toHaveLength(1);
    expect(hidden[0]).toMatch(/^\..+\.eml\.tmp$/);
    expect(seen.commit).toEqual(hidden);
    const messages = await readOutbox(outbox);
    expect(messages.map((message) => message.to)).toEqual(['amina@example.org']);
    expect(await readdir(outbox)).toEqual([hidden[0]!.slice(1, -'.tmp'.length)]);
    expect(lines).toEqual([`mail: message m1 to amina@example.org written to ${messages[0]!.file} (no SMTP_URL set)`]);
  });

  it('a withdrawn held mail, or one whose claim or commit throws, leaves nothing behind', async () => {
    const mailer = createMailer({ outboxDir: outbox, log: (line) => lines.push(line) });
    const mail = { to: 'amina@example.org', kind: 'message m1', subject: 'Update', text: 'Hello', html: '<p>Hello</p>' };
    expect(await mailer.sendHeld(mail, async () => null)).toBe(false);
    const storeDown = new Error('the store is down');
    await expect(mailer.sendHeld(mail, async () => {
      throw storeDown;
    })).rejects.toBe(storeDown);
    await expect(mailer.sendHeld(mail, async () => ({
      commit: async () => {
        throw storeDown;
      },
      abort: async () => {},
    }))).rejects.toBe(storeDown);
    expect(await readdir(outbox)).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('names files so that they sort in the order they were sent, and leaves no temporary file', async () => {
    const mailer = createMailer({ outboxDir: outbox, log: () => {} });
    for (let index = 0; index < 5; index++) {
      await mailer.send({ to: `user${index}@example.org`, kind: 'test', subject: `number ${index}`, text: 'hello', html: '<p>hello</p>' });
    }
    const messages = await readOutbox(outbox);
    expect(messages.map((message) => [message.channel, message.to, message.subject])).toEqual(
      [0, 1, 2, 3, 4].map((index) => ['email', `user${index}@example.org`, `number ${index}`]),
    );
    expect((await readdir(outbox)).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
