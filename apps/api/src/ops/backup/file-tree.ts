import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** One file of a backup, as the manifest lists it. */
export interface ChecksummedFile {
  /** Relative to the backup folder, `/`-separated. */
  path: string;
  size: number;
  sha256: string;
}

function isMissing(error: unknown): boolean {
  return (error as { code?: string }).code === 'ENOENT';
}

/** Every file under `root`, as `/`-separated paths relative to it; a missing root is empty. */
export async function filesUnder(root: string, prefix = ''): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const found: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(root, relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

/**
 * Makes `to` the same file as `from` without copying (a hard link: stored files are never changed
 * in place, only replaced or removed, so the link keeps the content it was taken with); copies when
 * linking is impossible. False when `from` no longer exists.
 */
export async function linkOrCopy(from: string, to: string): Promise<boolean> {
  await mkdir(dirname(to), { recursive: true });
  await rm(to, { force: true });
  try {
    await link(from, to);
  } catch (error) {
    if (isMissing(error)) return false;
    try {
      await copyFile(from, to);
    } catch (copyError) {
      if (isMissing(copyError)) return false;
      throw copyError;
    }
  }
  return true;
}

export async function sizeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** sha-256 of what flows through, computed while copying. */
function hashing(hash: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

/** Copies a file (owner-only permissions: backups hold the data and its keys) and returns its checksum. */
export async function copyChecksummed(from: string, to: string, manifestPath: string): Promise<ChecksummedFile> {
  await mkdir(dirname(to), { recursive: true, mode: 0o700 });
  const hash = createHash('sha256');
  await pipeline(createReadStream(from), hashing(hash), createWriteStream(to, { mode: 0o600 }));
  return { path: manifestPath, size: (await stat(to)).size, sha256: hash.digest('hex') };
}

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
