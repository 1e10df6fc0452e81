import { AppwriteError, type ErrorType } from '../../core/errors.ts';

/**
 * The TablesDB names of the Databases API's things: a collection is a table, a document a row, an
 * attribute a column. Rows are the same records as documents; only the words differ.
 */

/** Path segments and `{param}` placeholders, segment by segment. */
const PATH_SEGMENTS: Readonly<Record<string, string>> = {
  databases: 'tablesdb',
  collections: 'tables',
  documents: 'rows',
  '{collectionId}': '{tableId}',
  '{documentId}': '{rowId}',
  '{attribute}': '{column}',
};

/** Parameter names as TablesDB (and SDK 28's TablesDB service) spells them. */
export const ROW_PARAM_NAMES: Readonly<Record<string, string>> = {
  collectionId: 'tableId',
  documentId: 'rowId',
  attribute: 'column',
};

const MODEL_NAMES: Readonly<Record<string, string>> = { Document: 'Row', DocumentList: 'RowList' };

/** Each error a document route throws, as Appwrite's TablesDB routes name it. */
const ERROR_TYPES: Partial<Record<ErrorType, ErrorType>> = {
  collection_not_found: 'table_not_found',
  document_not_found: 'row_not_found',
  document_invalid_structure: 'row_invalid_structure',
  document_missing_data: 'row_missing_data',
  document_missing_payload: 'row_missing_payload',
  document_already_exists: 'row_already_exists',
  attribute_not_found: 'column_not_found',
  attribute_limit_exceeded: 'column_limit_exceeded',
};

const WORDS: readonly [RegExp, string][] = [
  [/\bdocuments\b/g, 'rows'], [/\bDocuments\b/g, 'Rows'], [/\bdocument\b/g, 'row'], [/\bDocument\b/g, 'Row'],
  [/\bcollections\b/g, 'tables'], [/\bCollections\b/g, 'Tables'], [/\bcollection's\b/g, "table's"], [/\bcollection\b/g, 'table'], [/\bCollection\b/g, 'Table'],
  [/\battributes\b/g, 'columns'], [/\bAttributes\b/g, 'Columns'], [/\battribute\b/g, 'column'], [/\bAttribute\b/g, 'Column'],
];

/** Prose (summaries, parameter descriptions) in TablesDB words. */
export function inRowWords(text: string): string {
  return WORDS.reduce((result, [pattern, word]) => result.replace(pattern, word), text);
}

export function rowPath(path: string): string {
  return path.split('/').map((segment) => PATH_SEGMENTS[segment] ?? segment).join('/');
}

/** `databases.listDocuments` → `tablesDB.listRows`, `databases.incrementDocumentAttribute` → `tablesDB.incrementRowColumn`. */
export function rowRouteId(id: string): string {
  const method = id.slice(id.indexOf('.') + 1);
  return `tablesDB.${method.replace(/Documents/g, 'Rows').replace(/Document/g, 'Row').replace(/Attribute/g, 'Column')}`;
}

export function rowModelName(model: string): string {
  return MODEL_NAMES[model] ?? model;
}

/**
 * A document route's error as its TablesDB twin reports it: the row-worded type, with the row
 * default message where the document one was the default, and the `tablesDB` namespace where
 * Appwrite's message names the API (`databases "count" is not a number`).
 */
export function asRowError(error: unknown): unknown {
  if (!(error instanceof AppwriteError)) return error;
  const type = ERROR_TYPES[error.type] ?? error.type;
  const namespaced = error.message.startsWith('databases "') ? `tablesDB${error.message.slice('databases'.length)}` : error.message;
  if (type === error.type) return namespaced === error.message ? error : new AppwriteError(type, namespaced);
  const wasDefault = error.message === new AppwriteError(error.type).message;
  return new AppwriteError(type, wasDefault ? undefined : namespaced);
}
