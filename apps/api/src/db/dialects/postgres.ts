import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { AttributeDefinition } from '../../schema/project-schema.ts';
import { CommitSignal } from '../commit-signal.ts';
import type { SqlDialect } from '../dialect.ts';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS, OutageMonitor, statementKind, type DatabaseOptions, type FailureKind } from './outage.ts';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Integers come back as JS numbers (attribute values are limited to the safe-integer range). */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** SQLSTATE classes and codes that mean the server is out of reach, restarting, out of resources or read-only (a standby). */
const OUTAGE_SQLSTATE = /^(08|53|58|57P0[1-3]|25006)/;
const OUTAGE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What `pg` and `pg-pool` throw, without a code, when a connection is lost or cannot be made in time. */
const OUTAGE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Query read timeout)/;
const QUERY_CANCELED = '57014';
/** How much longer than the statement timeout (at most twice it) a query may go unanswered before its connection is given up. */
const UNANSWERED_MARGIN_MS = 5_000;

/** How a pg error reads: an outage, a statement timeout, or neither. */
export function postgresFailure(error: unknown): FailureKind {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === QUERY_CANCELED) return 'timeout';
  if (typeof code === 'string' && (OUTAGE_SQLSTATE.test(code) || OUTAGE_SOCKET_CODES.has(code))) return 'unavailable';
  if (error instanceof Error && OUTAGE_MESSAGES.test(error.message)) return 'unavailable';
  return undefined;
}

function rejectAfter(ms: number, onTimeout: () => void): { promise: Promise<never>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error('Query read timeout'));
    }, ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * The pool as Kysely sees it: driver errors that mean an outage become typed errors, a query the
 * server leaves unanswered past the statement timeout fails instead of hanging, and a connection
 * that failed that way is destroyed on release rather than handed to the next request.
 */
function guardedPool(pool: pg.Pool, monitor: OutageMonitor, unansweredAfterMs: number, commits: CommitSignal): PostgresPool {
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw monitor.translate(error, 'connect');
      }
      // pg-pool drops a connection that lost its server; one left unanswered has to be dropped by hand.
      let broken = false;
      const query = async (text: string, parameters: readonly unknown[]) => {
        const kind = statementKind(text);
        const deadline = unansweredAfterMs > 0 ? rejectAfter(unansweredAfterMs, () => (broken = true)) : undefined;
        try {
          const pending = client.query(text, parameters as unknown[]);
          const result = await (deadline ? Promise.race([pending, deadline.promise]) : pending);
          monitor.succeeded(kind);
          if (text === 'commit') commits.committed();
          return result;
        } catch (error) {
          throw monitor.translate(error, kind);
        } finally {
          deadline?.cancel();
        }
      };
      return { query, release: (destroy?: boolean) => client.release(destroy || broken) } as unknown as PostgresPoolClient;
    },
  };
}

export function openPostgres(url: string, schema: string, options: DatabaseOptions = {}): SqlDialect {
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const monitor = new OutageMonitor(postgresFailure, options.log);
  const pool = new pg.Pool({
    connectionString: url,
    fallback_application_name: 'ballot-atlas',
    max: 10,
    types: types as pg.CustomTypesConfig,
    options: `-c search_path=${schema}`,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    keepAlive: true,
  });
  // An idle connection whose server goes away reports here; without a listener the process would exit.
  pool.on('error', (error) => void monitor.translate(error, 'read'));
  // A connection lent to a request reports on itself; the statement in flight has already failed with the same error.
  pool.on('connect', (client) => client.on('error', () => {}));
  const commits = new CommitSignal();
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: guardedPool(pool, monitor, statementTimeoutMs > 0 ? statementTimeoutMs + Math.min(UNANSWERED_MARGIN_MS, statementTimeoutMs) : 0, commits) }) });

  return {
    name: 'postgres',
    db,
    availability: monitor,
    commits,
    sequenceColumn: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
    rowLock: 'for update',
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
