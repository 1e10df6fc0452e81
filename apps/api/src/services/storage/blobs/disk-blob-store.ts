import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { BlobNotFound, type BlobEntry, type BlobStore } from './blob-store.ts';

/**
 * Objects as files under one folder (`<root>/<key>`). A write goes to a hidden temporary name
 * beside its target and is renamed into place; a file moved in from the same disk is one rename.
 */
export class DiskBlobStore implements BlobStore {
  readonly root: string;
  readonly shared = false;

  constructor(root: string) {
    this.root = root;
  }

  get description(): string {
    return `disk:${this.root}`;
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  private pathOf(key: string): string {
    if (key.split('/').some((part) => part === '' || part === '.' || part === '..' || part.startsWith('.'))) throw new Error(`Not a valid blob key: ${JSON.stringify(key)}`);
    return join(this.root, ...key.split('/'));
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    try {
      await rename(sourcePath, path);
    } catch (error) {
      // Another file system (a scratch folder elsewhere): copy beside the target, then rename.
      if ((error as { code?: string }).code !== 'EXDEV') throw error;
      const temporary = join(dirname(path), `.${randomUUID()}.tmp`);
      try {
        await copyFile(sourcePath, temporary);
        await rename(temporary, path);
      } finally {
        await rm(temporary, { force: true });
      }
      await rm(sourcePath, { force: true });
    }
  }

  async putBytes(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.${randomUUID()}.tmp`);
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  stream(key: string, range?: { start: number; end: number }): Readable {
    const source = createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    const output = new PassThrough();
    source.once('error', (error) => output.destroy(isMissing(error) ? new BlobNotFound(key) : error));
    // A reader that stops early (a closed download) closes the file too.
    output.once('close', () => source.destroy());
    return source.pipe(output);
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removeAll(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix.replace(/\/$/, '')), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<BlobEntry> {
    const start = prefix.includes('/') ? this.pathOf(prefix.slice(0, prefix.lastIndexOf('/'))) : this.root;
    for await (const path of filesUnder(start)) {
      const key = relative(this.root, path).split(sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const info = await stat(path).catch(() => undefined);
      if (info) yield { key, size: info.size, changedAt: info.ctime };
    }
  }
}

/** Every file below `folder`, hidden (temporary) ones left out; a missing folder has none. */
async function* filesUnder(folder: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error) || (error as { code?: string }).code === 'ENOTDIR') return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

function isMissing(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'ENOENT';
}
