import { PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { AttributeDefinition } from '../../schema/project-schema.ts';
import { CommitSignal } from '../commit-signal.ts';
import type { SqlDialect } from '../dialect.ts';
import { ReplicaReads } from '../replica/replica-reads.ts';
import { MemoryWriterPositions, RedisWriterPositions } from '../replica/writer-positions.ts';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS, OutageMonitor, type DatabaseOptions } from './outage.ts';
import { postgresFailure, routingPool } from './postgres-pool.ts';
import { UnansweredStatements } from './unanswered-statements.ts';

export { postgresFailure };
import { RetryingKysely } from './transaction-retry.ts';

export const DEFAULT_POOL_SIZE = 10;
/** How much longer than the statement timeout (at most twice it) a query may go unanswered before its connection is given up. */
const UNANSWERED_MARGIN_MS = 5_000;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Integers come back as JS numbers (attribute values are limited to the safe-integer range). */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** PostgreSQL's own settings beyond the timeouts every dialect takes. */
export interface PostgresOptions extends DatabaseOptions {
  /** Connections each pool keeps at most (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** A streaming standby for the hot read paths (DATABASE_REPLICA_URL). */
  replicaUrl?: string;
  /** Where writers' commit positions are shared across processes; in-process without it. */
  redis?: { url: string; prefix: string };
}

function newPool(url: string, schema: string, options: { poolSize: number; connectTimeoutMs: number; statementTimeoutMs: number }): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    fallback_application_name: 'ballot-atlas',
    max: options.poolSize,
    types: types as pg.CustomTypesConfig,
    options: `-c search_path=${schema}`,
    connectionTimeoutMillis: options.connectTimeoutMs,
    ...(options.statementTimeoutMs > 0 ? { statement_timeout: options.statementTimeoutMs } : {}),
    keepAlive: true,
  });
  // A connection lent to a request reports on itself; the statement in flight has already failed with the same error.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** A replica out of reach should cost a read little before it goes to the primary. */
const REPLICA_CONNECT_TIMEOUT_MS = 1_000;

export function openPostgres(url: string, schema: string, options: PostgresOptions = {}): SqlDialect {
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  const log = options.log ?? (() => {});
  const monitor = new OutageMonitor(postgresFailure, log);
  const pool = newPool(url, schema, { poolSize, connectTimeoutMs, statementTimeoutMs });
  // An idle connection whose server goes away reports here; without a listener the process would exit.
  pool.on('error', (error) => void monitor.translate(error, 'read'));
  let replica: ReplicaReads | undefined;
  if (options.replicaUrl) {
    const replicaPool = newPool(options.replicaUrl, schema, { poolSize, connectTimeoutMs: Math.min(connectTimeoutMs, REPLICA_CONNECT_TIMEOUT_MS), statementTimeoutMs });
    const positions = options.redis ? new RedisWriterPositions(options.redis.url, options.redis.prefix) : new MemoryWriterPositions();
    replica = new ReplicaReads(replicaPool, positions, log);
    replicaPool.on('error', (error) => replica!.failed(error));
  }
  const commits = new CommitSignal();
  const unansweredAfterMs = statementTimeoutMs > 0 ? statementTimeoutMs + Math.min(UNANSWERED_MARGIN_MS, statementTimeoutMs) : 0;
  const routing = routingPool({ pool, monitor, unanswered: unansweredAfterMs > 0 ? new UnansweredStatements(unansweredAfterMs) : undefined, commits, replica });
  const db = new RetryingKysely<any>({ dialect: new PostgresDialect({ pool: routing }) }, log);

  return {
    name: 'postgres',
    db,
    availability: monitor,
    commits,
    sequenceColumn: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
    fixedJoin: 'join',
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
    decoder(attribute) {
      if (attribute.array) return (raw) => (raw === null || raw === undefined ? [] : raw);
      return (raw) => (raw === undefined ? null : raw);
    },
    // Straight on a pooled connection: Kysely's executor adds nothing to a compiled read but its cost.
    async read<Row>(text: string, parameters: readonly unknown[]) {
      const client = await routing.connect();
      try {
        return (await client.query<Row>(text, parameters)).rows;
      } finally {
        client.release();
      }
    },
    textContains: (column, value) => sql<boolean>`strpos(${sql.ref(column)}, ${value}) > 0`,
    arrayContainsAny: (column, values) =>
      sql<boolean>`(${sql.join(values.map((value) => sql`${sql.ref(column)} @> ${JSON.stringify([value])}::jsonb`), sql` or `)})`,
    createFulltextTable: (table) => [
      sql`create table ${sql.table(table)} (document bigint primary key, v tsvector not null)`,
      sql`create index ${sql.id(`${table}_gin`)} on ${sql.table(table)} using gin (v)`,
    ],
    fulltextTableOutdated: async () => false,
    insertFulltext: (table, sequence, text) =>
      sql`insert into ${sql.table(table)} (document, v) values (${sequence}, to_tsvector('simple', ${text}))`,
    deleteFulltext: (table, sequence) => sql`delete from ${sql.table(table)} where document = ${sequence}`,
    fulltextMatches(table, terms) {
      const query = terms.map((term, index) => (index === terms.length - 1 ? `${term}:*` : term)).join(' & ');
      return sql`select document as _match from ${sql.table(table)} where v @@ to_tsquery('simple', ${query})`;
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
    close: async () => {
      await db.destroy();
      await replica?.close();
    },
  };
}
