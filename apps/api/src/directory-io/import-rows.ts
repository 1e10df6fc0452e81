/** A row as an import source read it, before it is checked against the database. */
export interface IncomingRow {
  collectionId: string;
  /** CSV: the physical line the record starts on (a header problem: line 1). */
  line?: number;
  /** Popolo JSON: the JSON pointer of the item. */
  pointer?: string;
  /** `$id` as given; null when the row names none (then it is matched by slug, or gets a new id). */
  id: string | null;
  /** Attribute values as given, typed; a key that is absent was not given. */
  data: Record<string, unknown>;
  /** Permission strings, when the source carries them. */
  permissions?: string[];
  /** Why the source cannot read this row, or the file from here on (then it is the last row). */
  problem?: string;
}

export type RowAction = 'create' | 'update' | 'unchanged' | 'refused';

/** What an import does, or would do, with one row. */
export interface RowOutcome {
  /** The file the row is from: also the `source` of its change in the history. */
  file: string;
  collectionId: string;
  line?: number;
  pointer?: string;
  /** The record's `$id` (a new one for a create without `$id`); null when refused before one was known. */
  id: string | null;
  action: RowAction;
  /** Why the row is refused. */
  reason?: string;
  /** The attributes an update changes (`$permissions` included). */
  changed?: string[];
}

export interface ImportSummary {
  rows: number;
  create: number;
  update: number;
  unchanged: number;
  refused: number;
  /** Per collection, the same counts. */
  collections: Record<string, Record<RowAction, number>>;
}

export function emptySummary(): ImportSummary {
  return { rows: 0, create: 0, update: 0, unchanged: 0, refused: 0, collections: {} };
}

export function countOutcome(summary: ImportSummary, outcome: RowOutcome): void {
  summary.rows++;
  summary[outcome.action]++;
  const perCollection = (summary.collections[outcome.collectionId] ??= { create: 0, update: 0, unchanged: 0, refused: 0 });
  perCollection[outcome.action]++;
}

/** Where a row is, for people: `line 12` or `/persons/3`. */
export function locationOf(row: { line?: number; pointer?: string }): string {
  if (row.line !== undefined) return `line ${row.line}`;
  return row.pointer ?? '';
}
