import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { AttributeDefinition } from '../../schema/project-schema.ts';
import type { SqlDialect } from '../dialect.ts';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Integers come back as JS numbers (attribute values are limited to the safe-integer range). */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

export function openPostgres(url: string, schema: string): SqlDialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: types as pg.CustomTypesConfig,
    options: `-c search_path=${schema}`,
  });
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });

  return {
    name: 'postgres',
    db,
    sequenceColumn: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
    textType: 'TEXT COLLATE "C"',
    indexOrder: (direction) => (direction === 'asc' ? 'asc nulls first' : 'desc nulls last'),
    columnType(attribute: AttributeDefinition): string {
      if (attribute.array) return 'JSONB';
      switch (attribute.type) {
        case 'integer':
          return 'BIGINT';
        case 'double':
          return 'DOUBLE PRECISION';
        case 'boolean':
          return 'BOOLEAN';
        default:
          return 'TEXT COLLATE "C"';
      }
    },
    encode(attribute, value) {
      if (value === null || value === undefined) return null;
      if (attribute.array) return JSON.stringify(value);
      return value;
    },
    decode(attribute, raw) {
      if (raw === null || raw === undefined) return attribute.array ? [] : null;
      return raw;
    },
    textContains: (column, value) => sql<boolean>`strpos(${sql.ref(column)}, ${value}) > 0`,
    arrayContainsAny: (column, values) =>
      sql<boolean>`(${sql.join(values.map((value) => sql`${sql.ref(column)} @> ${JSON.stringify([value])}::jsonb`), sql` or `)})`,
    createFulltextTable: (table) => [
      sql`create table ${sql.table(table)} (document bigint primary key, v tsvector not null)`,
      sql`create index ${sql.id(`${table}_gin`)} on ${sql.table(table)} using gin (v)`,
    ],
    insertFulltext: (table, sequence, text) =>
      sql`insert into ${sql.table(table)} (document, v) values (${sequence}, to_tsvector('simple', ${text}))`,
    deleteFulltext: (table, sequence) => sql`delete from ${sql.table(table)} where document = ${sequence}`,
    fulltextMatches(table, terms) {
      const query = terms.map((term, index) => (index === terms.length - 1 ? `${term}:*` : term)).join(' & ');
      return sql`select document from ${sql.table(table)} where v @@ to_tsquery('simple', ${query})`;
    },
    async listTables() {
      const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db);
      return rows.rows.map((row) => row.name);
    },
    async listColumns(table) {
      const rows = await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db);
      return rows.rows.map((row) => row.name);
    },
    analyze: async () => {
      await sql`analyze`.execute(db);
    },
    isUniqueViolation: (error) => (error as { code?: unknown })?.code === '23505',
    close: () => db.destroy(),
  };
}
