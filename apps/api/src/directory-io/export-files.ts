import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { Services } from '../core/services.ts';
import { exportCollectionCsv } from './csv-export.ts';
import { collectionDefinition, DIRECTORY_COLLECTIONS } from './directory-collections.ts';
import { exportPopolo } from './popolo-export.ts';

/** The name of the Popolo document an export writes. */
export const POPOLO_FILE = 'popolo.json';

export interface ExportedFile {
  path: string;
  /** Rows (CSV) or items (Popolo) written. */
  count: number;
}

/** Writes a file through a temporary name and renames it into place: a failed export leaves no half file. */
async function writeFileAtomically(path: string, write: (out: Writable) => Promise<number>): Promise<number> {
  const partial = `${path}.partial`;
  const out = createWriteStream(partial, { mode: 0o644 });
  try {
    const count = await write(out);
    out.end();
    await finished(out);
    await rename(partial, path);
    return count;
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Exports the directory (or one collection) into `dir`: CSV as `<collection>.csv` per
 * collection, Popolo as one `popolo.json`. Existing files of those names are replaced.
 */
export async function exportToDirectory(services: Services, dir: string, options: { format: 'csv' | 'popolo'; collection?: string | undefined }): Promise<ExportedFile[]> {
  if (options.collection !== undefined && !collectionDefinition(services.schema, options.collection)) throw new Error(`no collection "${options.collection}" in the schema`);
  if (options.format === 'popolo' && options.collection !== undefined && !(DIRECTORY_COLLECTIONS as readonly string[]).includes(options.collection)) {
    throw new Error(`Popolo holds only the directory's collections (${DIRECTORY_COLLECTIONS.join(', ')})`);
  }
  await mkdir(dir, { recursive: true });
  const collections = options.collection ? [options.collection] : [...DIRECTORY_COLLECTIONS];
  if (options.format === 'popolo') {
    const path = join(dir, POPOLO_FILE);
    const count = await writeFileAtomically(path, async (out) => Object.values(await exportPopolo(services, out, collections)).reduce((sum, items) => sum + items, 0));
    return [{ path, count }];
  }
  const files: ExportedFile[] = [];
  for (const collectionId of collections) {
    const path = join(dir, `${collectionId}.csv`);
    files.push({ path, count: await writeFileAtomically(path, (out) => exportCollectionCsv(services, collectionId, out)) });
  }
  return files;
}
