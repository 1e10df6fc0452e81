import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where mail and SMS go when no SMTP server (or SMS provider) is configured. */
export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

let sequence = 0;

/**
 * Writes one message into the outbox as `<time>-<sequence>-<random><suffix>`, so names sort in the
 * order they were written. The file appears whole or not at all (written beside it, then renamed),
 * and only the owner may read it: messages carry codes and links that sign people in.
 */
export async function writeOutboxFile(dir: string, suffix: string, content: string | Buffer): Promise<string> {
  return (await stageOutboxFile(dir, suffix, content)).publish();
}

export interface StagedOutboxFile {
  /** Renames the written file into place (it then counts as sent) and returns its path. */
  publish(): Promise<string>;
  /** Removes the written file: the message is never sent. */
  discard(): Promise<void>;
}

/** Writes a message beside its outbox name, as a hidden temporary file, without putting it in place yet. */
export async function stageOutboxFile(dir: string, suffix: string, content: string | Buffer): Promise<StagedOutboxFile> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  sequence = (sequence + 1) % 1_000_000;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const name = `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}${suffix}`;
  const path = join(dir, name);
  const temporary = join(dir, `.${name}.tmp`);
  await writeFile(temporary, content, { mode: 0o600 });
  return {
    async publish() {
      await rename(temporary, path);
      return path;
    },
    discard: () => rm(temporary, { force: true }),
  };
}
