import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobEntry, BlobStore } from '../../services/storage/blobs/blob-store.ts';
import type { StorageArea } from './storage-areas.ts';

export interface MigrationProgress {
  area: StorageArea['name'];
  copied: number;
  skipped: number;
  bytesCopied: number;
}

export interface MigrationOptions {
  from: StorageArea[];
  to: StorageArea[];
  /** Where each object passes on its way (one at a time, removed once stored). */
  scratchDir: string;
  /** Called after every object, and once at the end of each area. */
  progress?(state: MigrationProgress, done: boolean): void;
}

/**
 * Copies every object of one storage set-up to another (disk → S3, S3 → disk, S3 → another bucket).
 * Resumable: an object already at the target with the same size (and the same md5 where both sides
 * can tell it) is skipped, so a run stopped half-way is started again and goes on. Nothing is
 * removed from the source; objects stream through a scratch file, none is held whole in memory.
 */
export async function migrateStorage(options: MigrationOptions): Promise<MigrationProgress[]> {
  await mkdir(options.scratchDir, { recursive: true });
  try {
    return await copyAreas(options);
  } finally {
    await rm(options.scratchDir, { recursive: true, force: true });
  }
}

async function copyAreas(options: MigrationOptions): Promise<MigrationProgress[]> {
  const results: MigrationProgress[] = [];
  for (const source of options.from) {
    const target = options.to.find((area) => area.name === source.name)!;
    const state: MigrationProgress = { area: source.name, copied: 0, skipped: 0, bytesCopied: 0 };
    const present = new Map<string, BlobEntry>();
    for await (const entry of target.store.list(target.prefix)) present.set(entry.key.slice(target.prefix.length), entry);
    for await (const entry of source.store.list(source.prefix)) {
      const name = entry.key.slice(source.prefix.length);
      const there = present.get(name);
      if (there && (await sameObject(source.store, entry, target.store, there))) state.skipped++;
      else {
        await copyObject(source.store, entry.key, target.store, target.prefix + name, options.scratchDir);
        state.copied++;
        state.bytesCopied += entry.size;
      }
      options.progress?.(state, false);
    }
    options.progress?.(state, true);
    results.push(state);
  }
  return results;
}

async function sameObject(source: BlobStore, sourceEntry: BlobEntry, target: BlobStore, targetEntry: BlobEntry): Promise<boolean> {
  if (sourceEntry.size !== targetEntry.size) return false;
  const sourceMd5 = await md5Of(source, sourceEntry);
  const targetMd5 = sourceMd5 === undefined ? undefined : await md5Of(target, targetEntry);
  return sourceMd5 === undefined || targetMd5 === undefined || sourceMd5 === targetMd5;
}

/** The listing's md5, or the md5 of a local object (cheap to read); undefined for a remote object put in parts. */
async function md5Of(store: BlobStore, entry: BlobEntry): Promise<string | undefined> {
  if (entry.md5) return entry.md5;
  if (store.shared) return undefined;
  const hash = createHash('md5');
  for await (const data of store.stream(entry.key)) hash.update(data as Buffer);
  return hash.digest('hex');
}

async function copyObject(source: BlobStore, sourceKey: string, target: BlobStore, targetKey: string, scratchDir: string): Promise<void> {
  const passing = join(scratchDir, `migrating-${randomBytes(8).toString('hex')}`);
  try {
    await pipeline(source.stream(sourceKey), createWriteStream(passing));
    await target.putFile(targetKey, passing);
  } finally {
    await rm(passing, { force: true });
  }
}
