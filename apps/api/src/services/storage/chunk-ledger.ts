import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from '../../db/dialect.ts';

interface ChunkTables {
  _storage_chunks: { bucket_id: string; file_id: string; chunk_index: number; size: number };
}

/**
 * Which chunks of an upload have arrived. Chunks come in any order and up to eight at once
 * (SDK 26+), so arrival is recorded per index (idempotently) and counted in the database.
 */
export class ChunkLedger {
  private readonly db: Kysely<ChunkTables>;

  constructor(dialect: SqlDialect) {
    this.db = dialect.db as Kysely<ChunkTables>;
  }

  static async createTable(dialect: SqlDialect): Promise<void> {
    await dialect.db.schema
      .createTable('_storage_chunks').ifNotExists()
      .addColumn('bucket_id', 'text', (column) => column.notNull())
      .addColumn('file_id', 'text', (column) => column.notNull())
      .addColumn('chunk_index', 'integer', (column) => column.notNull())
      .addColumn('size', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('_storage_chunks_pk', ['bucket_id', 'file_id', 'chunk_index'])
      .execute();
  }

  /** Records the chunk and returns how many distinct chunks of the file have arrived. */
  async record(bucketId: string, fileId: string, index: number, size: number): Promise<number> {
    await this.db
      .insertInto('_storage_chunks').values({ bucket_id: bucketId, file_id: fileId, chunk_index: index, size })
      .onConflict((conflict) => conflict.columns(['bucket_id', 'file_id', 'chunk_index']).doUpdateSet({ size }))
      .execute();
    return this.count(bucketId, fileId);
  }

  async count(bucketId: string, fileId: string): Promise<number> {
    const row = await this.db.selectFrom('_storage_chunks').select((eb) => eb.fn.countAll<number | string>().as('count')).where('bucket_id', '=', bucketId).where('file_id', '=', fileId).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async forget(bucketId: string, fileId: string): Promise<void> {
    await this.db.deleteFrom('_storage_chunks').where('bucket_id', '=', bucketId).where('file_id', '=', fileId).execute();
  }

  /**
   * Forgets the chunks of a bucket's files that are not being uploaded (assembled, deleted, or
   * never recorded). A chunk is recorded only after its file record exists, so none in progress is lost.
   */
  async forgetOrphans(bucketId: string, filesTable: string): Promise<number> {
    const result = await this.db
      .deleteFrom('_storage_chunks')
      .where('bucket_id', '=', bucketId)
      .where('file_id', 'not in', sql<string>`(select _uid from ${sql.table(filesTable)} where status in ('uploading', 'assembling'))`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
