import type { Kysely } from 'kysely';
import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import type { ChangeAction } from '@ballot-atlas/shared/history/change';
import { CollectionStore } from '../../db/documents/collection-store.ts';
import type { StoredDocument } from '../../db/documents/stored-document.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { CollectionDefinition } from '../../schema/project-schema.ts';
import type { ChangeAuthor } from './change-author.ts';
import { changesCollection, keepsHistory } from './history-collection.ts';
import { diffSnapshots, snapshotOf } from './record-snapshot.ts';

export type { ChangeAction };

/** A write to describe: the record before and after it (undefined where there was none). */
export interface ChangeToRecord {
  collection: CollectionDefinition;
  documentId: string;
  action: ChangeAction;
  author: ChangeAuthor;
  /** A URL or a note (already checked: change-source.ts); '' when none was given. */
  source: string;
  before: StoredDocument | undefined;
  after: StoredDocument | undefined;
  /** The write's time, which the record's `$updatedAt` also got. */
  at: string;
  /** For a revert: the change it undid. */
  revertOf?: string;
}

/**
 * Writes history records. Callers pass the transaction of the write itself, so a write and its
 * record commit together or not at all; a failing record insert fails (and rolls back) the write.
 */
export class ChangeRecorder {
  readonly store: CollectionStore;

  constructor(dialect: SqlDialect) {
    this.store = new CollectionStore(dialect, changesCollection);
  }

  /**
   * Records the changes of kept collections (keepsHistory) in `executor`, a transaction the
   * caller opened; writes that changed no field leave no record. The new records' ids, in order.
   */
  async record(executor: Kysely<any>, changes: readonly ChangeToRecord[]): Promise<string[]> {
    const rows = [];
    for (const change of changes) {
      if (!keepsHistory(change.collection)) continue;
      const before = change.before ? snapshotOf(change.before) : null;
      const after = change.after ? snapshotOf(change.after) : null;
      const fields = diffSnapshots(before, after);
      if (fields.length === 0 && before !== null && after !== null) continue;
      rows.push({
        id: uniqueId(),
        createdAt: change.at,
        permissions: [],
        data: {
          databaseId: change.collection.databaseId,
          collectionId: change.collection.$id,
          documentId: change.documentId,
          action: change.action,
          userId: change.author.userId,
          userName: change.author.userName,
          keyName: change.author.keyName,
          source: change.source,
          revertOf: change.revertOf ?? '',
          changes: JSON.stringify(fields),
          before: before ? JSON.stringify(before) : '',
          after: after ? JSON.stringify(after) : '',
        },
      });
    }
    if (rows.length === 0) return [];
    const stored = await this.store.insert(rows, executor);
    return stored.map((row) => row.id);
  }
}
