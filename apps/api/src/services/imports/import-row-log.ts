import { parseQueries } from '@ballot-atlas/shared/appwrite/query';
import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import { now } from '../../core/dates.ts';
import type { CollectionStore } from '../../db/documents/collection-store.ts';
import type { StoredDocument } from '../../db/documents/stored-document.ts';
import type { RowOutcome } from '../../directory-io/import-rows.ts';

/** How a row outcome is kept in the `rows` pseudo-collection. */
function rowData(importId: string, outcome: RowOutcome): Record<string, unknown> {
  return {
    importId,
    line: outcome.line ?? null,
    pointer: outcome.pointer ?? '',
    collectionId: outcome.collectionId,
    recordId: outcome.id ?? '',
    action: outcome.action,
    reason: outcome.reason ?? '',
    changed: outcome.changed ?? [],
  };
}

const ALL = { kind: 'all' } as const;

function sameRow(stored: StoredDocument, data: Record<string, unknown>): boolean {
  return ['recordId', 'action', 'reason'].every((key) => stored.data[key] === data[key]) && JSON.stringify(stored.data['changed'] ?? []) === JSON.stringify(data['changed']);
}

/**
 * The report of one import, saved a batch at a time. The dry run appends; the write walks the
 * dry run's rows in file order beside its own outcomes (the file is the same, so the n-th
 * outcome is the n-th row) and rewrites those that came out differently: the data may have
 * changed between the two, and a row created without `$id` gets its id only when written.
 */
export class ImportRowLog {
  private readonly store: CollectionStore;
  private readonly importId: string;
  private readonly replacing: boolean;
  /** The last dry-run row compared so far (its `$sequence`). */
  private after = 0;

  constructor(store: CollectionStore, importId: string, replacing: boolean) {
    this.store = store;
    this.importId = importId;
    this.replacing = replacing;
  }

  async save(outcomes: readonly RowOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    const rows = outcomes.map((outcome) => rowData(this.importId, outcome));
    const stored = this.replacing ? await this.nextStored(rows.length) : [];
    const at = now();
    for (const [index, row] of stored.entries()) {
      if (!sameRow(row, rows[index]!)) await this.store.update(row.sequence, rows[index]!, undefined, at);
    }
    const extra = rows.slice(stored.length);
    if (extra.length) await this.store.insert(extra.map((data) => ({ id: uniqueId(), data, permissions: [], createdAt: at })));
  }

  private async nextStored(count: number): Promise<StoredDocument[]> {
    const plan = parseQueries([
      JSON.stringify({ method: 'equal', attribute: 'importId', values: [this.importId] }),
      JSON.stringify({ method: 'greaterThan', attribute: '$sequence', values: [this.after] }),
      JSON.stringify({ method: 'orderAsc', attribute: '$sequence' }),
      JSON.stringify({ method: 'limit', values: [count] }),
    ]);
    const { documents } = await this.store.list(plan, ALL, { countTotal: false });
    if (documents.length) this.after = documents.at(-1)!.sequence;
    return documents;
  }
}
