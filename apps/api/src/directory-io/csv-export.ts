import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Services } from '../core/services.ts';
import type { StoredDocument } from '../db/documents/stored-document.ts';
import type { CollectionDefinition } from '../schema/project-schema.ts';
import { toCell, type Cell } from './csv-cells.ts';
import { DIRECTORY_DATABASE } from './directory-collections.ts';
import { documentPages } from './stored-records.ts';
import { writeText } from './write-text.ts';
import { ADMIN } from '../core/context.ts';

export const ID_COLUMN = '$id';
export const PERMISSIONS_COLUMN = '$permissions';

/**
 * A collection's CSV columns: `$id`, its attributes in appwrite.json order, and `$permissions`
 * only where the collection has document security (elsewhere a document's own permissions
 * decide nothing, so they are not exported).
 */
export function csvColumns(collection: CollectionDefinition): string[] {
  return [ID_COLUMN, ...collection.attributes.map((attribute) => attribute.key), ...(collection.documentSecurity ? [PERMISSIONS_COLUMN] : [])];
}

/** RFC 4180 text: CRLF between records, fields quoted when they hold a comma, quote or line break; `""` is the empty string. */
export function csvText(records: readonly Cell[][]): string {
  return stringify(records as unknown[][], {
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    quoted_match: /[\r\n]/,
    cast: { string: (value) => (value === '' ? { value, quoted_empty: true } : value) },
  });
}

function rowOf(collection: CollectionDefinition, document: StoredDocument): Cell[] {
  const cells: Cell[] = [document.id];
  for (const attribute of collection.attributes) cells.push(toCell(attribute, document.data[attribute.key]));
  if (collection.documentSecurity) cells.push(JSON.stringify(document.permissions));
  return cells;
}

/** Streams one collection as CSV into `out` (header, then a page of rows at a time); returns the row count. */
export async function exportCollectionCsv(services: Services, collectionId: string, out: Writable): Promise<number> {
  const collection = services.documents.collection({ databaseId: DIRECTORY_DATABASE, collectionId }, ADMIN).definition;
  await writeText(out, csvText([csvColumns(collection)]));
  let rows = 0;
  for await (const page of documentPages(services, collectionId)) {
    await writeText(out, csvText(page.map((document) => rowOf(collection, document))));
    rows += page.length;
  }
  return rows;
}
