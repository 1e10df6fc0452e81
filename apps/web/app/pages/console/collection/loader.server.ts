import { AppwriteException } from 'appwrite';
import { consoleNotFound, requireEditor } from '../../../lib/console/editor-access.server';
import { COLLECTION_VIEWS, isConsoleCollection } from '../../../lib/console/collections';
import { allFields } from '../../../lib/console/record-fields';
import { listRecords, relationNames, sortableColumns, type StoredRecord } from '../../../lib/console/records.server';
import { collectionSchema } from '../../../lib/console/schema.server';
import { readTableQuery } from '../../../lib/console/table-query';
import { widerAreas } from '../../../lib/console/hierarchy';
import type { TableColumn } from '../../../components/console/record-cell';

/** A collection's records table: search, sort and page from the address. */
export async function collectionLoader(request: Request, collectionParam: string | undefined) {
  await requireEditor(request);
  if (!isConsoleCollection(collectionParam)) consoleNotFound();
  const collection = collectionParam;
  const schema = collectionSchema(collection);
  const view = COLLECTION_VIEWS[collection];
  const fields = allFields(schema, view);
  const sortable = sortableColumns(view.columns, fields);
  const url = new URL(request.url);
  const query = readTableQuery(url.searchParams, sortable, view.defaultSort);
  const keys = fields.map((field) => field.attribute.key);
  const columns: TableColumn[] = view.columns.map((key) => ({
    key,
    control: fields.find((field) => field.attribute.key === key)?.control ?? null,
    sortable: sortable.includes(key),
    widerAreas: widerAreas(key, keys),
  }));
  const shownKeys = new Set(columns.flatMap((column) => [column.key, ...column.widerAreas]));
  let listed: { total: number; rows: StoredRecord[] } = { total: 0, rows: [] };
  let problem: { message: string; type: string } | null = null;
  try {
    listed = await listRecords(request, collection, query, schema.fulltextKeys, [...shownKeys]);
  } catch (error) {
    if (!(error instanceof AppwriteException)) throw error;
    problem = { message: error.message, type: error.type ?? '' };
  }
  const shownFields = fields.filter((field) => shownKeys.has(field.attribute.key));
  const rows = listed.rows.map((row) => ({ $id: row.$id, title: String(row[view.titleKey] ?? row.$id), values: Object.fromEntries([...shownKeys].map((key) => [key, row[key] ?? null])) }));
  return {
    collection,
    titleKey: view.titleKey,
    columns,
    rows,
    names: await relationNames(request, shownFields, listed.rows),
    total: listed.total,
    query,
    defaultSort: view.defaultSort,
    problem,
    deleted: url.searchParams.get('deleted'),
  };
}

export type CollectionData = Awaited<ReturnType<typeof collectionLoader>>;
