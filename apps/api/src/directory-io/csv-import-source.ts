import type { CollectionDefinition } from '../schema/project-schema.ts';
import { fromCell, type Cell } from './csv-cells.ts';
import { ID_COLUMN, PERMISSIONS_COLUMN } from './csv-export.ts';
import { readCsvRecords } from './csv-records.ts';
import type { IncomingRow } from './import-rows.ts';

/** Appwrite's system columns a CSV exported elsewhere may carry; they are set by the server, so they are read past. */
const IGNORED_COLUMNS = new Set(['$createdAt', '$updatedAt', '$sequence', '$collectionId', '$databaseId', '$tenant']);

type Column = { kind: 'id' } | { kind: 'permissions' } | { kind: 'ignored' } | { kind: 'attribute'; attribute: CollectionDefinition['attributes'][number] };

/** The header's columns, or why the file cannot be imported (unknown or repeated columns). */
function readHeader(collection: CollectionDefinition, names: readonly Cell[]): Column[] | string {
  const attributes = new Map(collection.attributes.map((attribute) => [attribute.key, attribute]));
  const seen = new Set<string>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  const columns: Column[] = [];
  for (const cell of names) {
    const name = cell ?? '';
    if (seen.has(name)) repeated.push(name);
    seen.add(name);
    const attribute = attributes.get(name);
    if (attribute) columns.push({ kind: 'attribute', attribute });
    else if (name === ID_COLUMN) columns.push({ kind: 'id' });
    else if (name === PERMISSIONS_COLUMN) columns.push({ kind: 'permissions' });
    else if (IGNORED_COLUMNS.has(name)) columns.push({ kind: 'ignored' });
    else unknown.push(name);
  }
  const problems: string[] = [];
  if (unknown.length) {
    problems.push(`unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => JSON.stringify(name)).join(', ')} (${collection.$id} has ${ID_COLUMN}, ${collection.attributes.map((attribute) => attribute.key).join(', ')}, ${PERMISSIONS_COLUMN})`);
  }
  if (repeated.length) problems.push(`column${repeated.length > 1 ? 's' : ''} ${repeated.map((name) => JSON.stringify(name)).join(', ')} given twice`);
  return problems.length ? `${problems.join('; ')}: the file is not imported` : columns;
}

function permissionsOf(cell: Cell): string[] | undefined {
  if (cell === null || cell === '') return [];
  try {
    const value: unknown = JSON.parse(cell);
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  } catch {
    // Reported below.
  }
  return undefined;
}

/**
 * The rows of one collection's CSV file (header row first; see csv-cells.ts for the values). A
 * bad header stops the file at line 1; a record that cannot be read is refused alone.
 */
export async function* csvRows(chunks: AsyncIterable<string>, collection: CollectionDefinition): AsyncGenerator<IncomingRow> {
  let columns: Column[] | undefined;
  const collectionId = collection.$id;
  for await (const record of readCsvRecords(chunks)) {
    if (!columns) {
      if ('problem' in record) {
        yield { collectionId, line: record.line, id: null, data: {}, problem: `the header row cannot be read: ${record.problem}` };
        return;
      }
      const header = readHeader(collection, record.cells);
      if (typeof header === 'string') {
        yield { collectionId, line: record.line, id: null, data: {}, problem: header };
        return;
      }
      columns = header;
      continue;
    }
    if ('problem' in record) {
      yield { collectionId, line: record.line, id: null, data: {}, problem: record.problem };
      continue;
    }
    if (record.cells.length !== columns.length) {
      yield { collectionId, line: record.line, id: null, data: {}, problem: `bad CSV structure: ${record.cells.length} fields where the header has ${columns.length}` };
      continue;
    }
    const row: IncomingRow = { collectionId, line: record.line, id: null, data: {} };
    columns.forEach((column, index) => {
      const cell = record.cells[index] ?? null;
      if (column.kind === 'attribute') row.data[column.attribute.key] = fromCell(column.attribute, cell);
      else if (column.kind === 'id') row.id = cell === null || cell === '' ? null : cell;
      else if (column.kind === 'permissions') {
        const permissions = permissionsOf(cell);
        if (permissions) row.permissions = permissions;
        else row.problem = `${PERMISSIONS_COLUMN} must be a JSON array of permission strings, such as ["read(\\"any\\")"]`;
      }
    });
    yield row;
  }
}
