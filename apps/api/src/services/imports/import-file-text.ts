import { ADMIN } from '../../core/context.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { FilesService } from '../storage/files-service.ts';
import { IMPORTS_BUCKET } from './import-collections.ts';

/** The file's text, opened afresh for every pass over it (a Popolo document is read three times). */
export type OpenImportText = () => AsyncIterable<string>;

/** Why an import stops when its file is gone from the bucket. */
export class ImportFileMissing extends Error {}

/**
 * Opens an uploaded file for reading as a stream from the storage device (the imports bucket
 * keeps files as they were sent), so a large file is never held in memory whole.
 */
export async function openImportText(files: FilesService, fileId: string, fileName: string): Promise<OpenImportText> {
  let file;
  try {
    file = await files.openForReading(ADMIN, IMPORTS_BUCKET, fileId);
  } catch (error) {
    if (error instanceof AppwriteError && error.type === 'storage_file_not_found') {
      throw new ImportFileMissing(`The file "${fileName}" is no longer in the imports bucket (it was deleted): upload it again and start a new import.`);
    }
    throw error;
  }
  if (!files.storedAsIs(file)) {
    // A bucket set to compress or encrypt: the bytes must be unsealed whole.
    return async function* () {
      yield (await files.contents(file)).toString('utf8');
    };
  }
  return () => files.streamStored(file).setEncoding('utf8') as AsyncIterable<string>;
}
