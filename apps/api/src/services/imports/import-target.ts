import { extname } from 'node:path';
import { argumentInvalid } from '../../core/errors.ts';
import { DIRECTORY_COLLECTIONS } from '../../directory-io/directory-collections.ts';
import type { ImportFormat } from '../../directory-io/import-files.ts';

/** What an uploaded file is: its format and, for CSV, the collection it holds. */
export interface ImportTarget {
  format: ImportFormat;
  /** CSV: the collection; Popolo: the only collection imported, or '' for all. */
  collectionId: string;
}

const isDirectoryCollection = (id: string) => (DIRECTORY_COLLECTIONS as readonly string[]).includes(id);

/**
 * The format from `format` or the name's extension (`.csv`, `.json`); a CSV file's collection
 * from `collectionId` or its name (`candidates.csv`). Only the directory's collections: the
 * console imports what the public directory shows, not the editors' private ones.
 */
export function importTarget(fileName: string, requested: { format?: string | undefined; collectionId?: string | undefined }): ImportTarget {
  const extension = extname(fileName).toLowerCase();
  const format = requested.format ?? (extension === '.csv' ? 'csv' : extension === '.json' ? 'popolo' : undefined);
  if (format !== 'csv' && format !== 'popolo') throw argumentInvalid('format', `"${fileName}" ends neither in .csv nor in .json: say whether it is csv or popolo.`);
  const collectionId = requested.collectionId || (format === 'csv' ? fileName.slice(0, fileName.length - extension.length).toLowerCase() : '');
  if (collectionId !== '' && !isDirectoryCollection(collectionId)) {
    const which = requested.collectionId ? `"${collectionId}" is not` : `The file's name "${fileName}" does not name`;
    throw argumentInvalid('collectionId', `${which} one of the directory's collections (${DIRECTORY_COLLECTIONS.join(', ')}).${requested.collectionId ? '' : ' Choose the collection the file holds.'}`);
  }
  return { format, collectionId };
}
