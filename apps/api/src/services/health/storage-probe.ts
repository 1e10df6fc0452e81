import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileDevice } from '../storage/file-device.ts';

/** Not a valid Appwrite ID (they cannot start with `_`), so the probe never meets a real bucket's files. */
const PROBE_BUCKET = '_health';
const PROBE_BYTES = Buffer.from('ballot-atlas health probe');

/**
 * Writes, reads back and removes a tiny file through the file device (disk or S3), the calls an
 * upload makes: put a chunk, join it, read the joined bytes. Throws when any step fails or the
 * bytes differ. Milliseconds taken otherwise.
 */
export async function probeFileDevice(device: FileDevice, scratchDir: string): Promise<number> {
  const started = performance.now();
  const fileId = `probe-${randomBytes(8).toString('hex')}`;
  const source = join(scratchDir, `${fileId}.chunk`);
  await writeFile(source, PROBE_BYTES);
  try {
    await device.putChunk(PROBE_BUCKET, fileId, 0, source);
    const staged = await device.joinChunks(PROBE_BUCKET, fileId, 1);
    try {
      const read = await device.readStaged(staged);
      if (!read.equals(PROBE_BYTES)) throw new Error('the probe file read back differs from what was written');
    } finally {
      await device.discard(staged);
    }
  } finally {
    // The disk device moves the chunk away; another device may copy it.
    await rm(source, { force: true });
    await device.delete(PROBE_BUCKET, fileId);
  }
  return Math.round(performance.now() - started);
}

/** Checks that each folder exists, is a folder, and this process may read and write it (Appwrite's storage/local). */
export async function probeLocalFolders(folders: readonly string[]): Promise<number> {
  const started = performance.now();
  for (const folder of folders) {
    if (!(await stat(folder)).isDirectory()) throw new Error(`${folder} is not a folder`);
    await access(folder, constants.R_OK | constants.W_OK);
  }
  return Math.round(performance.now() - started);
}
