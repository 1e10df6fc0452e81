import { createHash } from 'node:crypto';
import { collectionTables } from '../../db/physical-names.ts';
import type { CollectionDefinition } from '../../schema/project-schema.ts';
import { decodeClaim } from '../../services/storage/assembly-claim.ts';
import { FILES_DATABASE } from '../../services/storage/file-collections.ts';

/** Runs one query (no parameters) in the snapshot being backed up. */
export type SnapshotQuery = (sql: string) => Promise<Record<string, unknown>[]>;

/** What the file store must hold for a database snapshot to be whole. */
export interface NeededItem {
  /** Relative to the storage folder: `files/<bucket>/<id>` or `chunks/<bucket>/<id>/<index>`. */
  path: string;
  size: number;
  /** Taken when present: the placed bytes of a file being assembled (the restored server finishes it, or resumes it from its chunks). */
  optional?: boolean;
}

export interface SnapshotFacts {
  /** sha-256 of the applied collection definitions: equal when two databases have the same schema. */
  schemaVersion: string;
  /** Documents per collection (`databaseId/collectionId`, buckets under `_files`, teams under `_teams`), and `_auth/users`. */
  counts: Record<string, number>;
  needed: NeededItem[];
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** Reads, inside the snapshot, what the manifest records and which stored items the snapshot refers to. */
export async function snapshotFacts(query: SnapshotQuery): Promise<SnapshotFacts> {
  const applied = (await query('select id, definition from _schema_collections order by id')).map((row) => ({ id: String(row['id']), definition: String(row['definition']) }));
  const schemaVersion = createHash('sha256').update(JSON.stringify(applied)).digest('hex');
  const counts: Record<string, number> = {};
  const needed: NeededItem[] = [];
  for (const { id, definition } of applied) {
    const collection = JSON.parse(definition) as CollectionDefinition;
    const table = quoted(collectionTables(collection).documents);
    counts[id] = Number((await query(`select count(*) as n from ${table}`))[0]?.['n'] ?? 0);
    if (collection.databaseId !== FILES_DATABASE) continue;
    for (const row of await query(`select _uid, status, ${quoted('sizeActual')} as size, storage from ${table} where status in ('complete', 'assembling')`)) {
      const path = `files/${collection.$id}/${row['_uid']}`;
      if (row['status'] === 'complete') needed.push({ path, size: Number(row['size']) });
      else {
        const ready = decodeClaim(row['storage'])?.ready;
        if (ready) needed.push({ path, size: ready.sizeActual, optional: true });
      }
    }
  }
  for (const row of await query(`select bucket_id, file_id, chunk_index, size from _storage_chunks`)) {
    needed.push({ path: `chunks/${row['bucket_id']}/${row['file_id']}/${row['chunk_index']}`, size: Number(row['size']) });
  }
  counts['_auth/users'] = Number((await query('select count(*) as n from _auth_users'))[0]?.['n'] ?? 0);
  return { schemaVersion, counts, needed };
}
