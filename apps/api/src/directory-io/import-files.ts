import { createReadStream } from 'node:fs';
import { basename, extname } from 'node:path';
import type { Services } from '../core/services.ts';
import type { ProjectSchema } from '../schema/project-schema.ts';
import { csvRows } from './csv-import-source.ts';
import { geojsonRows, isPlaceCollection, PLACE_COLLECTIONS } from './geojson-import-source.ts';
import { collectionDefinition, dependencyRank, DIRECTORY_COLLECTIONS } from './directory-collections.ts';
import type { ImportSummary } from './import-rows.ts';
import { ImportSession, type ImportOptions } from './import-session.ts';
import { popoloRows } from './popolo-import-source.ts';

export type ImportFormat = 'csv' | 'popolo' | 'geojson';

/** One file to import: its format and, for CSV, its collection. */
export interface ImportFile {
  path: string;
  /** How the file is named in reports and in the history (`source`): its base name. */
  name: string;
  format: ImportFormat;
  /** CSV and GeoJSON: the one collection the file holds. Popolo: only this collection, when given. */
  collectionId: string | undefined;
}

/** A file that cannot be imported as asked (unknown format or collection); nothing is read. */
export class ImportFileError extends Error {}

/**
 * What each file is: the format from `--format` or the extension (`.csv`, `.json`, `.geojson`), a
 * CSV's or GeoJSON's collection from `--collection` or its name (`candidates.csv`,
 * `districts.geojson`). Files are put in dependency order (regions before subregions …; Popolo
 * documents first, GeoJSON boundaries last), so references resolve whatever order they were named in.
 */
export function describeImportFiles(schema: ProjectSchema, paths: readonly string[], options: { format?: string; collection?: string }): ImportFile[] {
  if (options.format !== undefined && !FORMATS.includes(options.format)) throw new ImportFileError(`unknown format "${options.format}": csv, popolo or geojson`);
  if (options.collection !== undefined && !collectionDefinition(schema, options.collection)) throw new ImportFileError(`no collection "${options.collection}" in the schema`);
  const files = paths.map((path): ImportFile => {
    const extension = extname(path).toLowerCase();
    const format = (options.format as ImportFormat | undefined) ?? FORMAT_OF_EXTENSION[extension];
    if (!format) throw new ImportFileError(`${path}: name the format with --format csv|popolo|geojson (the file name ends in none of .csv, .json, .geojson)`);
    const collectionId = options.collection ?? (format === 'popolo' ? undefined : basename(path, extname(path)));
    if (format === 'geojson' && !isPlaceCollection(collectionId!)) throw new ImportFileError(`${path}: a GeoJSON file holds the boundaries of one of ${PLACE_COLLECTIONS.join(', ')}; name it with --collection`);
    if (format === 'csv' && !collectionDefinition(schema, collectionId!)) throw new ImportFileError(`${path}: no collection "${collectionId}" in the schema; name it with --collection`);
    if (format === 'popolo' && collectionId !== undefined && !(DIRECTORY_COLLECTIONS as readonly string[]).includes(collectionId)) throw new ImportFileError(`a Popolo document holds only the directory's collections (${DIRECTORY_COLLECTIONS.join(', ')})`);
    return { path, name: basename(path), format, collectionId };
  });
  // Boundaries last: a GeoJSON feature names a record that the other files may create.
  const rank = (file: ImportFile) => (file.format === 'popolo' ? -1 : dependencyRank(file.collectionId!) + (file.format === 'geojson' ? DIRECTORY_COLLECTIONS.length + 1 : 0));
  return files.map((file, position) => ({ file, position })).sort((a, b) => rank(a.file) - rank(b.file) || a.position - b.position).map(({ file }) => file);
}

const FORMATS: readonly string[] = ['csv', 'popolo', 'geojson'];
const FORMAT_OF_EXTENSION: Readonly<Record<string, ImportFormat>> = { '.csv': 'csv', '.json': 'popolo', '.geojson': 'geojson' };

function readText(path: string): AsyncIterable<string> {
  return createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 });
}

/** One pass (a dry run or the write, per `options.write`) over the files, in the order given. */
export async function importFiles(services: Services, files: readonly ImportFile[], options: ImportOptions): Promise<ImportSummary> {
  const session = new ImportSession(services, options);
  for (const file of files) {
    const rows = file.format === 'csv'
      ? csvRows(readText(file.path), collectionDefinition(services.schema, file.collectionId!)!)
      : file.format === 'geojson'
        ? geojsonRows(services, readText(file.path), file.collectionId!)
        : popoloRows(() => readText(file.path), file.collectionId ? [file.collectionId] : undefined);
    await session.importRows(file.name, rows);
  }
  return session.summary;
}
