import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { AttributeDefinition } from '../../schema/project-schema.ts';
import type { SqlDialect } from '../dialect.ts';

/** Kysely prepares every query; caching statements by SQL text removes that cost from hot paths. */
function withStatementCache(database: Database.Database, size = 500): Database.Database {
  const cache = new Map<string, Database.Statement>();
  const prepare = database.prepare.bind(database);
  return new Proxy(database, {
    get(target, property, receiver) {
      if (property !== 'prepare') return Reflect.get(target, property, receiver);
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          statement = prepare(source);
          if (cache.size >= size) cache.delete(cache.keys().next().value as string);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}

export function openSqlite(file: string): SqlDialect {
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  database.pragma('cache_size = -65536');
  database.pragma('temp_store = MEMORY');
  database.pragma('mmap_size = 268435456');
  // Planner statistics for tables that lack them or grew a lot since (a no-op when they are current).
  database.pragma('optimize = 0x10002');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });

  return {
    name: 'sqlite',
    db,
    sequenceColumn: 'INTEGER PRIMARY KEY AUTOINCREMENT',
    textType: 'TEXT',
    indexOrder: (direction) => direction,
    columnType(attribute: AttributeDefinition): string {
      if (attribute.array) return 'TEXT';
      switch (attribute.type) {
        case 'integer':
        case 'boolean':
          return 'INTEGER';
        case 'double':
          return 'REAL';
        default:
          return 'TEXT';
      }
    },
    encode(attribute, value) {
      if (value === null || value === undefined) return null;
      if (attribute.array) return JSON.stringify(value);
      if (attribute.type === 'boolean') return value ? 1 : 0;
      return value;
    },
    decode(attribute, raw) {
      if (raw === null || raw === undefined) return attribute.array ? [] : null;
      if (attribute.array) return JSON.parse(raw as string);
      if (attribute.type === 'boolean') return raw === 1;
      return raw;
    },
    textContains: (column, value) => sql<boolean>`instr(${sql.ref(column)}, ${value}) > 0`,
    arrayContainsAny: (column, values) =>
      sql<boolean>`exists (select 1 from json_each(${sql.ref(column)}) where json_each.value in (${sql.join(values.map((value) => (typeof value === 'boolean' ? Number(value) : value)))}))`,
    createFulltextTable: (table) => [
      sql`create virtual table ${sql.table(table)} using fts5(v, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`,
    ],
    insertFulltext: (table, sequence, text) => sql`insert into ${sql.table(table)} (rowid, v) values (${sequence}, ${text})`,
    deleteFulltext: (table, sequence) => sql`delete from ${sql.table(table)} where rowid = ${sequence}`,
    fulltextMatches(table, terms) {
      const match = terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`).join(' ');
      return sql`select rowid from ${sql.table(table)} where v match ${match}`;
    },
    async listTables() {
      const rows = await sql<{ name: string }>`select name from sqlite_master where type in ('table') and name not like 'sqlite_%'`.execute(db);
      return rows.rows.map((row) => row.name);
    },
    async listColumns(table) {
      const rows = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
      return rows.rows.map((row) => row.name);
    },
    analyze: async () => {
      await sql`analyze`.execute(db);
    },
    isUniqueViolation: (error) => /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(String((error as { code?: unknown })?.code)),
    close: () => db.destroy(),
  };
}
