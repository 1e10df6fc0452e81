import Database from 'better-sqlite3';
import { CompiledQuery, Kysely, sql, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { AttributeDefinition } from '../../schema/project-schema.ts';
import { CommitSignal } from '../commit-signal.ts';
import type { SqlDialect } from '../dialect.ts';
import { SerialSqliteDialect } from './serial-sqlite-dialect.ts';
import { DEFAULT_CONNECT_TIMEOUT_MS, OutageMonitor, statementKind, type DatabaseOptions, type FailureKind, type StatementKind } from './outage.ts';

/** Result codes that mean the disk, the file or the lock is in the way, not the statement: disk full, read-only, locked past the timeout, I/O. */
const OUTAGE_CODES = /^SQLITE_(FULL|READONLY|BUSY|IOERR|CANTOPEN|NOMEM|NOLFS)/;

/** How a better-sqlite3 error reads: an outage, or neither. */
export function sqliteFailure(error: unknown): FailureKind {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && OUTAGE_CODES.test(code)) return 'unavailable';
  // Requests cut off by shutdown can reach a closed database.
  if (error instanceof TypeError && error.message.includes('database connection is not open')) return 'unavailable';
  return undefined;
}

/**
 * Contentless (the text lives in the documents table), rows deletable, accents folded, and prefix
 * indexes of 2 and 3 letters: what people type into a search box first ("ka", "kwa") would
 * otherwise merge the lists of every word that starts so — thousands on a national directory.
 */
const FULLTEXT_OPTIONS = "content='', contentless_delete=1, prefix='2 3', tokenize='unicode61 remove_diacritics 2'";

const IMMEDIATE_BEGIN = 'begin immediate';
/**
 * Tries of `begin immediate`, each waiting up to busy_timeout for another process's write lock
 * (WORKERS share one file). Nothing of the transaction has run yet, so trying again is safe; a
 * long transaction elsewhere (an import batch) then costs a wait, not a 503.
 */
const BEGIN_ATTEMPTS = 3;

/** `statement.run` for `begin immediate`, again while the lock stays busy. */
function beginImmediate(statement: Database.Statement, parameters: unknown[]): Database.RunResult {
  for (let attempt = 1; ; attempt++) {
    try {
      return statement.run(parameters);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= BEGIN_ATTEMPTS || typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) throw error;
    }
  }
}

/**
 * The database as Kysely sees it: statements are cached by SQL text (Kysely prepares every query,
 * which costs on hot paths) and their outage errors come out typed.
 */
function guardedDatabase(database: Database.Database, monitor: OutageMonitor, commits: CommitSignal, cacheSize = 500): SqliteDatabase {
  // `failedAs`: how a failure counts — `begin immediate` takes the write lock, so its failing (read-only, locked) is a failed write.
  const guard = <T>(kind: StatementKind, work: () => T, failedAs: StatementKind = kind): T => {
    try {
      const result = work();
      monitor.succeeded(kind);
      return result;
    } catch (error) {
      throw monitor.translate(error, failedAs);
    }
  };
  const wrap = (source: string, statement: Database.Statement): SqliteStatement => {
    const kind = statementKind(source);
    const failedAs = source === IMMEDIATE_BEGIN ? 'write' : kind;
    return {
      reader: statement.reader,
      all: (parameters) => guard(kind, () => statement.all(parameters as unknown[]), failedAs),
      run: (parameters) => {
        const result = guard(kind, () => (source === IMMEDIATE_BEGIN ? beginImmediate(statement, parameters as unknown[]) : statement.run(parameters as unknown[])), failedAs);
        if (source === 'commit') commits.committed();
        return result;
      },
      iterate: (parameters) => guard(kind, () => statement.iterate(parameters as unknown[]), failedAs),
    };
  };
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(requested) {
      // Every transaction here writes, most after reading what they replace: taking the write lock
      // at once makes another process's writer wait (busy_timeout) instead of the read going stale
      // and the write failing with SQLITE_BUSY_SNAPSHOT.
      const source = requested === 'begin' ? IMMEDIATE_BEGIN : requested;
      let statement = cache.get(source);
      if (!statement) {
        let prepared: Database.Statement;
        try {
          prepared = database.prepare(source);
        } catch (error) {
          throw monitor.translate(error, statementKind(source));
        }
        statement = wrap(source, prepared);
        if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
        cache.set(source, statement);
      }
      return statement;
    },
  };
}

export function openSqlite(file: string, options: DatabaseOptions = {}): SqlDialect {
  const monitor = new OutageMonitor(sqliteFailure, options.log);
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma(`busy_timeout = ${Math.round(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS)}`);
  database.pragma('foreign_keys = ON');
  database.pragma('cache_size = -65536');
  database.pragma('temp_store = MEMORY');
  database.pragma('mmap_size = 268435456');
  // Planner statistics for tables that lack them or grew a lot since (a no-op when they are current).
  try {
    database.pragma('optimize = 0x10002');
  } catch (error) {
    // Another process (WORKERS share the file) held the write lock past busy_timeout: the statistics
    // can wait for the next start; the server should not fail to start over them.
    if (!String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY')) throw error;
  }
  const commits = new CommitSignal();
  const guarded = guardedDatabase(database, monitor, commits);
  const dialect = new SerialSqliteDialect({ database: guarded });
  const db = new Kysely<any>({ dialect });
  // After close, reads fail as Kysely fails them (the short way would report an outage instead).
  let closed = false;

  return {
    name: 'sqlite',
    db,
    availability: monitor,
    commits,
    sequenceColumn: 'INTEGER PRIMARY KEY AUTOINCREMENT',
    // Transactions begin immediate (see guardedDatabase) and run one at a time in this process.
    fixedJoin: 'cross join',
    rowLock: '',
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
    decoder(attribute) {
      if (attribute.array) return (raw) => (raw === null || raw === undefined ? [] : JSON.parse(raw as string));
      if (attribute.type === 'boolean') return (raw) => (raw === null || raw === undefined ? null : raw === 1);
      return (raw) => (raw === undefined ? null : raw);
    },
    async read<Row>(text: string, parameters: readonly unknown[]): Promise<Row[]> {
      // better-sqlite3 runs the statement before returning: with the connection free, nothing can interleave.
      if (dialect.turns.free && !closed) {
        const statement = guarded.prepare(text);
        if (statement.reader) return statement.all(parameters) as Row[];
      }
      return (await db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]))).rows;
    },
    textContains: (column, value) => sql<boolean>`instr(${sql.ref(column)}, ${value}) > 0`,
    arrayContainsAny: (column, values) =>
      sql<boolean>`exists (select 1 from json_each(${sql.ref(column)}) where json_each.value in (${sql.join(values.map((value) => (typeof value === 'boolean' ? Number(value) : value)))}))`,
    createFulltextTable: (table) => [sql`create virtual table ${sql.table(table)} using fts5(v, ${sql.raw(FULLTEXT_OPTIONS)})`],
    async fulltextTableOutdated(table, executor) {
      const rows = await sql<{ sql: string }>`select sql from sqlite_master where name = ${table}`.execute(executor);
      const definition = rows.rows[0]?.sql;
      return definition !== undefined && !definition.includes(FULLTEXT_OPTIONS);
    },
    insertFulltext: (table, sequence, text) => sql`insert into ${sql.table(table)} (rowid, v) values (${sequence}, ${text})`,
    deleteFulltext: (table, sequence) => sql`delete from ${sql.table(table)} where rowid = ${sequence}`,
    fulltextMatches(table, terms) {
      const match = terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`).join(' ');
      return sql`select rowid as _match from ${sql.table(table)} where v match ${match}`;
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
    close: () => {
      closed = true;
      return db.destroy();
    },
  };
}
