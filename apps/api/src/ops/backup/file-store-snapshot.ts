import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { filesUnder, linkOrCopy, sizeOf } from './file-tree.ts';
import type { NeededItem } from './snapshot-facts.ts';

/** The parts of DATA_DIR/storage a backup takes; the preview cache lives elsewhere and is rebuilt on demand. */
const STORED = ['files', 'chunks'];

/**
 * A still copy of the file store beside it (hard links, taken in a moment), made before the
 * database snapshot: whatever a complete record in the snapshot refers to was already whole then,
 * unless it completed in between, which `reconcile` fills in.
 */
export async function linkFileStore(storageDir: string, stagingDir: string): Promise<void> {
  for (const folder of STORED) {
    for (const path of await filesUnder(join(storageDir, folder))) await linkOrCopy(join(storageDir, folder, path), join(stagingDir, folder, path));
  }
}

/**
 * Makes the staging hold exactly what the database snapshot refers to, each item of the size the
 * snapshot records. Returns what cannot be found whole any more (deleted or replaced since the
 * snapshot): the attempt is then retried with a new snapshot.
 */
export async function reconcile(storageDir: string, stagingDir: string, needed: readonly NeededItem[]): Promise<string[]> {
  const missing: string[] = [];
  const wanted = new Set<string>();
  for (const item of needed) {
    const staged = join(stagingDir, item.path);
    if ((await sizeOf(staged)) !== item.size) {
      const taken = (await linkOrCopy(join(storageDir, item.path), staged)) && (await sizeOf(staged)) === item.size;
      if (!taken) {
        await rm(staged, { force: true });
        if (!item.optional) missing.push(item.path);
        continue;
      }
    }
    wanted.add(item.path);
  }
  for (const path of await filesUnder(stagingDir)) {
    if (!wanted.has(path)) await rm(join(stagingDir, path), { force: true });
  }
  return missing;
}
