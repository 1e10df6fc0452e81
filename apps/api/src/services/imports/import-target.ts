import { extname } from 'node:path';
import { argumentInvalid } from '../../core/errors.ts';
import { DIRECTORY_COLLECTIONS } from '../../directory-io/directory-collections.ts';
import { isPlaceCollection, PLACE_COLLECTIONS } from '../../directory-io/geojson-import-source.ts';
import type { ImportFormat } from '../../directory-io/import-files.ts';

/** What an uploaded file is: its format and, for CSV, the collection it holds. */
export interface ImportTarget {
  format: ImportFormat;
  /** CSV and GeoJSON: the collection; Popolo: the only collection imported, or '' for all. */
  collectionId: string;
}

const isDirectoryCollection = (id: string) => (DIRECTORY_COLLECTIONS as readonly string[]).includes(id);

/**
 * The format from `format` or the name's extension (`.csv`, `.json`, `.geojson`); a CSV or GeoJSON
 * file's collection from `collectionId` or its name (`candidates.csv`, `districts.geojson`). Only the directory's collections: the
 * console imports what the public directory shows, not the editors' private ones.
 */
export function importTarget(fileName: string, requested: { format?: string | undefined; collectionId?: string | undefined }): ImportTarget {
  const extension = extname(fileName).toLowerCase();
  const format = requested.format ?? (extension === '.csv' ? 'csv' : extension === '.json' ? 'popolo' : extension === '.geojson' ? 'geojson' : undefined);
  if (format !== 'csv' && format !== 'popolo' && format !== 'geojson') throw argumentInvalid('format', `"${fileName}" ends in none of .csv, .json, .geojson: say whether it is csv, popolo or geojson.`);
  const collectionId = requested.collectionId || (format === 'popolo' ? '' : fileName.slice(0, fileName.length - extension.length).toLowerCase());
  if (collectionId !== '' && !isDirectoryCollection(collectionId)) {
    const which = requested.collectionId ? `"${collectionId}" is not` : `The file's name "${fileName}" does not name`;
    throw argumentInvalid('collectionId', `${which} one of the directory's collections (${DIRECTORY_COLLECTIONS.join(', ')}).${requested.collectionId ? '' : ' Choose the collection the file holds.'}`);
  }
  if (format === 'geojson' && !isPlaceCollection(collectionId)) {
    throw argumentInvalid('collectionId', `A GeoJSON file holds the boundaries of one of ${PLACE_COLLECTIONS.join(', ')}: choose which.`);
  }
  return { format, collectionId };
}
