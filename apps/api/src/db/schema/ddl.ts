import { foldSearchText } from '@ballot-atlas/shared/text/search-text';
import { sql, type Transaction } from 'kysely';
import type { AttributeDefinition, CollectionDefinition, IndexDefinition } from '../../schema/project-schema.ts';
import type { SqlDialect } from '../dialect.ts';
import { collectionTables, SYSTEM_COLUMNS } from '../physical-names.ts';

/** DDL for one collection: its documents table, permissions table, indexes and full-text tables. */
export async function createCollectionTables(trx: Transaction<any>, dialect: SqlDialect, collection: CollectionDefinition): Promise<void> {
  const tables = collectionTables(collection);
  const columns = [
    sql`_seq ${sql.raw(dialect.sequenceColumn)}`,
    sql`_uid ${sql.raw(dialect.textType)} not null`,
    sql`${sql.id('_createdAt')} ${sql.raw(dialect.textType)} not null`,
    sql`${sql.id('_updatedAt')} ${sql.raw(dialect.textType)} not null`,
    sql`_permissions ${sql.raw(dialect.textType)} not null default '[]'`,
    ...collection.attributes.map((attribute) => sql`${sql.id(attribute.key)} ${sql.raw(dialect.columnType(attribute))}`),
  ];
  await sql`create table ${sql.table(tables.documents)} (${sql.join(columns)})`.execute(trx);
  await sql`create unique index ${sql.id(tables.index('_uid'))} on ${sql.table(tables.documents)} (_uid)`.execute(trx);
  await sql`create index ${sql.id(tables.index('_createdAt'))} on ${sql.table(tables.documents)} (${sql.id('_createdAt')})`.execute(trx);
  await sql`create table ${sql.table(tables.permissions)} (
    document bigint not null,
    type ${sql.raw(dialect.textType)} not null,
    role ${sql.raw(dialect.textType)} not null,
    primary key (type, role, document)
  )`.execute(trx);
  await sql`create index ${sql.id(tables.index('_perms_document'))} on ${sql.table(tables.permissions)} (document)`.execute(trx);
  for (const index of collection.indexes) await createIndex(trx, dialect, collection, index);
}

export async function addAttributeColumn(trx: Transaction<any>, dialect: SqlDialect, collection: CollectionDefinition, attribute: AttributeDefinition): Promise<void> {
  const table = collectionTables(collection).documents;
  await sql`alter table ${sql.table(table)} add column ${sql.id(attribute.key)} ${sql.raw(dialect.columnType(attribute))}`.execute(trx);
  if (attribute.default !== null) {
    await sql`update ${sql.table(table)} set ${sql.id(attribute.key)} = ${dialect.encode(attribute, attribute.array ? [attribute.default] : attribute.default)}`.execute(trx);
  }
}

function columnOf(attribute: string): string {
  return SYSTEM_COLUMNS[attribute] ?? attribute;
}

export async function createIndex(trx: Transaction<any>, dialect: SqlDialect, collection: CollectionDefinition, index: IndexDefinition): Promise<void> {
  const tables = collectionTables(collection);
  if (index.type === 'fulltext') {
    const attribute = index.attributes[0] as string;
    for (const statement of dialect.createFulltextTable(tables.fulltext(attribute))) await statement.execute(trx);
    await backfillFulltext(trx, dialect, collection, attribute);
    return;
  }
  const parts = index.attributes.map((attribute, position) =>
    sql`${sql.id(columnOf(attribute))} ${sql.raw(dialect.indexOrder(index.orders[position] === 'DESC' ? 'desc' : 'asc'))}`,
  );
  const unique = index.type === 'unique' ? sql.raw('unique ') : sql.raw('');
  await sql`create ${unique}index ${sql.id(tables.index(index.key))} on ${sql.table(tables.documents)} (${sql.join(parts)})`.execute(trx);
}

export async function dropIndex(trx: Transaction<any>, collection: CollectionDefinition, index: IndexDefinition): Promise<void> {
  const tables = collectionTables(collection);
  if (index.type === 'fulltext') {
    await sql`drop table if exists ${sql.table(tables.fulltext(index.attributes[0] as string))}`.execute(trx);
    return;
  }
  await sql`drop index if exists ${sql.id(tables.index(index.key))}`.execute(trx);
}

/**
 * Rebuilds the full-text tables an older version made with other options (SQLite's prefix indexes
 * came later); returns how many it rebuilt.
 */
export async function rebuildOutdatedFulltext(dialect: SqlDialect, collection: CollectionDefinition): Promise<number> {
  const tables = collectionTables(collection);
  let rebuilt = 0;
  for (const index of collection.indexes.filter((candidate) => candidate.type === 'fulltext')) {
    const attribute = index.attributes[0] as string;
    const table = tables.fulltext(attribute);
    const done = await dialect.db.transaction().execute(async (trx) => {
      // Decided inside the transaction: another process starting at the same time may have rebuilt it.
      if (!(await dialect.fulltextTableOutdated(table, trx))) return false;
      await sql`drop table ${sql.table(table)}`.execute(trx);
      for (const statement of dialect.createFulltextTable(table)) await statement.execute(trx);
      await backfillFulltext(trx, dialect, collection, attribute);
      return true;
    });
    if (done) rebuilt++;
  }
  return rebuilt;
}

async function backfillFulltext(trx: Transaction<any>, dialect: SqlDialect, collection: CollectionDefinition, attribute: string): Promise<void> {
  const tables = collectionTables(collection);
  let after = 0;
  for (;;) {
    const rows = await trx
      .selectFrom(tables.documents)
      .select(['_seq', attribute])
      .where('_seq', '>', after)
      .orderBy('_seq')
      .limit(1000)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const text = typeof row[attribute] === 'string' ? foldSearchText(row[attribute]) : '';
      if (text) await dialect.insertFulltext(tables.fulltext(attribute), row._seq, text).execute(trx);
    }
    after = Number(rows[rows.length - 1]?._seq);
  }
}
