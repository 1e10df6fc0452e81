import { sql } from 'kysely';
import type { AttributeDefinition, CollectionDefinition, IndexDefinition, ProjectSchema } from '../../schema/project-schema.ts';
import type { SqlDialect } from '../dialect.ts';
import { collectionTables } from '../physical-names.ts';
import { addAttributeColumn, createCollectionTables, createIndex, dropIndex, rebuildOutdatedFulltext } from './ddl.ts';

const META_TABLE = '_schema_collections';

export class SchemaChangeError extends Error {}

export interface SchemaChangeReport {
  created: string[];
  altered: string[];
  unchanged: string[];
  orphaned: string[];
}

function sameIndex(a: IndexDefinition, b: IndexDefinition): boolean {
  return a.type === b.type && JSON.stringify(a.attributes) === JSON.stringify(b.attributes) && JSON.stringify(a.orders) === JSON.stringify(b.orders);
}

function storageShape(attribute: AttributeDefinition): string {
  return `${attribute.type}${attribute.array ? '[]' : ''}`;
}

/** Reasons a change would lose or corrupt stored data; an empty list means it is safe to apply. */
async function incompatibilities(dialect: SqlDialect, applied: CollectionDefinition, desired: CollectionDefinition): Promise<string[]> {
  const where = `collection "${desired.$id}"`;
  const table = collectionTables(desired).documents;
  const problems: string[] = [];
  const desiredByKey = new Map(desired.attributes.map((attribute) => [attribute.key, attribute]));
  const hasRows = async (): Promise<boolean> => (await dialect.db.selectFrom(table).select('_seq').limit(1).execute()).length > 0;

  for (const old of applied.attributes) {
    const next = desiredByKey.get(old.key);
    if (!next) {
      problems.push(`${where}: attribute "${old.key}" was removed from the schema; its stored values would be lost. Put it back, or migrate and drop the column by hand.`);
      continue;
    }
    if (storageShape(old) !== storageShape(next)) {
      problems.push(`${where}: attribute "${old.key}" changed from ${storageShape(old)} to ${storageShape(next)}; stored values cannot be converted safely.`);
      continue;
    }
    if (old.type === 'string' && next.type === 'string') {
      if (next.size < old.size) problems.push(`${where}: attribute "${old.key}" shrank from size ${old.size} to ${next.size}; longer stored values would no longer be valid.`);
      const removed = (old.elements ?? []).filter((element) => !(next.elements ?? []).includes(element));
      if (next.format === 'enum' && removed.length) problems.push(`${where}: enum attribute "${old.key}" lost elements ${removed.join(', ')} that stored documents may use.`);
    }
    if (!old.required && next.required) {
      const nulls = await dialect.db.selectFrom(table).select('_seq').where(old.key, 'is', null).limit(1).execute();
      if (nulls.length) problems.push(`${where}: attribute "${old.key}" became required but stored documents have no value for it.`);
    }
  }
  const appliedKeys = new Set(applied.attributes.map((attribute) => attribute.key));
  for (const next of desired.attributes) {
    if (!appliedKeys.has(next.key) && next.required && (await hasRows())) {
      problems.push(`${where}: new required attribute "${next.key}" cannot be added to a collection that already holds documents; make it optional or give it a default.`);
    }
  }
  return problems;
}

async function alterCollection(dialect: SqlDialect, applied: CollectionDefinition, desired: CollectionDefinition): Promise<boolean> {
  const appliedKeys = new Set(applied.attributes.map((attribute) => attribute.key));
  const appliedIndexes = new Map(applied.indexes.map((index) => [index.key, index]));
  const desiredIndexes = new Map(desired.indexes.map((index) => [index.key, index]));
  const newAttributes = desired.attributes.filter((attribute) => !appliedKeys.has(attribute.key));
  const dropped = applied.indexes.filter((index) => !desiredIndexes.has(index.key) || !sameIndex(index, desiredIndexes.get(index.key)!));
  const added = desired.indexes.filter((index) => !appliedIndexes.has(index.key) || !sameIndex(index, appliedIndexes.get(index.key)!));
  const metadataChanged = JSON.stringify(applied) !== JSON.stringify(desired);
  if (!metadataChanged) return false;

  await dialect.db.transaction().execute(async (trx) => {
    for (const attribute of newAttributes) await addAttributeColumn(trx, dialect, desired, attribute);
    for (const index of dropped) await dropIndex(trx, applied, index);
    for (const index of added) {
      try {
        await createIndex(trx, dialect, desired, index);
      } catch (error) {
        throw new SchemaChangeError(`collection "${desired.$id}": index "${index.key}" cannot be created: ${(error as Error).message}`);
      }
    }
    await trx.updateTable(META_TABLE).set({ definition: JSON.stringify(desired) }).where('id', '=', metaId(desired)).execute();
  });
  return true;
}

function metaId(collection: CollectionDefinition): string {
  return `${collection.databaseId}/${collection.$id}`;
}

/**
 * Brings the database in line with the schema: new collections become tables, new attributes
 * columns, new or changed indexes are (re)built. A change that would lose data stops start-up.
 * `internal` collections (the file records of buckets) are kept the same way but left out of the report.
 */
export async function applySchema(dialect: SqlDialect, schema: ProjectSchema, internal: readonly CollectionDefinition[] = []): Promise<SchemaChangeReport> {
  const collections = [...schema.collections, ...internal];
  const reported = new Set(schema.collections.map(metaId));
  await sql`create table if not exists ${sql.table(META_TABLE)} (id ${sql.raw(dialect.textType)} primary key, definition ${sql.raw(dialect.textType)} not null)`.execute(dialect.db);
  const rows = await dialect.db.selectFrom(META_TABLE).select(['id', 'definition']).execute();
  const applied = new Map<string, CollectionDefinition>(rows.map((row) => [row.id as string, JSON.parse(row.definition as string)]));

  const problems: string[] = [];
  for (const desired of collections) {
    const previous = applied.get(metaId(desired));
    if (previous) problems.push(...(await incompatibilities(dialect, previous, desired)));
  }
  if (problems.length) {
    throw new SchemaChangeError(`The schema in appwrite.json is incompatible with the stored data; nothing was changed:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
  }

  const report: SchemaChangeReport = { created: [], altered: [], unchanged: [], orphaned: [] };
  for (const desired of collections) {
    const previous = applied.get(metaId(desired));
    const list = (name: 'created' | 'altered' | 'unchanged') => (reported.has(metaId(desired)) ? report[name] : []);
    if (!previous) {
      await dialect.db.transaction().execute(async (trx) => {
        await createCollectionTables(trx, dialect, desired);
        await trx.insertInto(META_TABLE).values({ id: metaId(desired), definition: JSON.stringify(desired) }).execute();
      });
      list('created').push(desired.$id);
    } else {
      const altered = await alterCollection(dialect, previous, desired);
      const rebuilt = await rebuildOutdatedFulltext(dialect, desired);
      list(altered || rebuilt > 0 ? 'altered' : 'unchanged').push(desired.$id);
    }
  }
  const declared = new Set(collections.map(metaId));
  report.orphaned = [...applied.keys()].filter((id) => !declared.has(id));
  return report;
}
