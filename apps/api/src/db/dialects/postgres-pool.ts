/**
 * The pool Kysely uses on PostgreSQL: outage errors typed, unanswered statements given up, commits
 * signalled and noted for read-your-writes, and the plain reads of hot read paths sent to the
 * replica (DATABASE_REPLICA_URL) when it may serve them.
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { CommitSignal } from '../commit-signal.ts';
import { currentReadScope, type ReadScope } from '../replica/read-scope.ts';
import type { ReplicaReads } from '../replica/replica-reads.ts';
import { parseWalPosition } from '../replica/wal-position.ts';
import { DatabaseTimeoutError, describeDriverError, statementKind, type FailureKind, type OutageMonitor } from './outage.ts';
import type { UnansweredStatements } from './unanswered-statements.ts';

/** SQLSTATE classes and codes that mean the server is out of reach, restarting, out of resources or read-only (a standby). */
const OUTAGE_SQLSTATE = /^(08|53|58|57P0[1-3]|25006)/;
const OUTAGE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What `pg` and `pg-pool` throw, without a code, when a connection is lost or cannot be made in time. */
const OUTAGE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Query read timeout)/;
const QUERY_CANCELED = '57014';

/** How a pg error reads: an outage, a statement timeout, or neither. */
export function postgresFailure(error: unknown): FailureKind {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === QUERY_CANCELED) return 'timeout';
  if (typeof code === 'string' && (OUTAGE_SQLSTATE.test(code) || OUTAGE_SOCKET_CODES.has(code))) return 'unavailable';
  if (error instanceof Error && OUTAGE_MESSAGES.test(error.message)) return 'unavailable';
  return undefined;
}

type QueryResult = pg.QueryResult<any>;

/** One pooled connection as the pools below use it. */
interface GuardedClient {
  query(text: string, parameters: readonly unknown[]): Promise<QueryResult>;
  release(destroy?: boolean): void;
}

/**
 * A query the server leaves unanswered past `unanswered`'s limit fails instead of hanging, and its
 * connection is destroyed on release rather than handed to the next request (pg-pool drops a
 * connection that lost its server by itself; one left unanswered has to be dropped by hand).
 */
function deadlineClient(client: pg.PoolClient, unanswered: UnansweredStatements | undefined): GuardedClient {
  let broken = false;
  const markBroken = () => (broken = true);
  return {
    query: (text, parameters) => {
      const pending = client.query(text, parameters as unknown[]);
      return unanswered ? unanswered.watch(pending, markBroken) : pending;
    },
    release: (destroy) => client.release(destroy || broken),
  };
}

export interface PrimaryPool {
  pool: pg.Pool;
  monitor: OutageMonitor;
  /** Gives up statements the server leaves unanswered; undefined when statements may run for ever. */
  unanswered: UnansweredStatements | undefined;
  commits: CommitSignal;
  replica: ReplicaReads | undefined;
}

/** A write committed (a transaction's, or a statement's own): the request's later reads, and its writer's, must see it. */
async function noteWrite(client: GuardedClient, replica: ReplicaReads | undefined): Promise<void> {
  const scope = currentReadScope();
  if (!scope) return;
  scope.wrote = true;
  if (!replica || !scope.writer) return;
  try {
    const { rows } = await client.query('select pg_current_wal_insert_lsn()::text as lsn', []);
    await replica.wrote(scope.writer, parseWalPosition(String(rows[0]?.lsn)));
  } catch {
    // The write is committed either way; this request still reads from the primary (scope.wrote).
  }
}

const BEGIN = /^\s*(begin|start transaction)\b/i;

/** A primary connection: outage errors typed, commits signalled, writes noted for read-your-writes. */
async function primaryClient(primary: PrimaryPool): Promise<GuardedClient> {
  let client: pg.PoolClient;
  try {
    client = await primary.pool.connect();
  } catch (error) {
    throw primary.monitor.translate(error, 'connect');
  }
  const guarded = deadlineClient(client, primary.unanswered);
  let transaction: { wrote: boolean } | undefined;
  return {
    async query(text, parameters) {
      const kind = statementKind(text);
      let result: QueryResult;
      try {
        result = await guarded.query(text, parameters);
      } catch (error) {
        throw primary.monitor.translate(error, kind);
      }
      primary.monitor.succeeded(kind);
      if (BEGIN.test(text)) transaction = { wrote: false };
      else if (text === 'rollback') transaction = undefined;
      else if (text === 'commit') {
        const wrote = transaction?.wrote ?? false;
        transaction = undefined;
        primary.commits.committed();
        if (wrote) await noteWrite(guarded, primary.replica);
      } else if (kind === 'write') {
        if (transaction) transaction.wrote = true;
        else await noteWrite(guarded, primary.replica);
      }
      return result;
    },
    release: guarded.release,
  };
}

/** Reads that take locks or change state must run on the primary even on a hot read path. */
const NOT_PLAIN_READ = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|\bnextval\s*\(|\bpg_advisory/i;

/**
 * Replica errors the primary can do better than: 40001, the standby cancelled the read to replay
 * WAL; 42P01/42703, it has not replayed a new collection's table or attribute's column yet.
 */
const REPLICA_BEHIND_SQLSTATE = new Set(['40001', '42P01', '42703']);

/** Whether the primary can answer a read the replica failed: the replica is down, or behind. */
function primaryCanAnswer(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return postgresFailure(error) === 'unavailable' || (typeof code === 'string' && REPLICA_BEHIND_SQLSTATE.has(code));
}

/**
 * A connection for a request on a hot read path: bound at its first statement to the replica
 * when that is a plain read the replica may serve (see ReplicaReads.serves), else to the primary.
 * A read the replica fails for want of itself is run again on the primary.
 */
function routedClient(primary: PrimaryPool, replica: ReplicaReads, scope: ReadScope): GuardedClient {
  let bound: { client: GuardedClient; onReplica: boolean } | undefined;
  const toPrimary = async () => (bound = { client: await primaryClient(primary), onReplica: false }).client;
  const toReplica = async (): Promise<GuardedClient | undefined> => {
    const client = await replica.connect();
    return client ? (bound = { client: deadlineClient(client, primary.unanswered), onReplica: true }).client : undefined;
  };
  return {
    async query(text, parameters) {
      const plainRead = statementKind(text) === 'read' && !NOT_PLAIN_READ.test(text);
      if (bound?.onReplica && !plainRead) {
        bound.client.release();
        bound = undefined;
      }
      if (!bound && !(plainRead && (await replica.serves(scope)) && (await toReplica()))) await toPrimary();
      const { client, onReplica } = bound!;
      if (!onReplica) return client.query(text, parameters);
      try {
        return await client.query(text, parameters);
      } catch (error) {
        if (postgresFailure(error) === 'timeout') throw new DatabaseTimeoutError(describeDriverError(error));
        if (!primaryCanAnswer(error)) throw error;
        if (postgresFailure(error) === 'unavailable') replica.failed(error);
        client.release(true);
        return (await toPrimary()).query(text, parameters);
      }
    },
    release: (destroy) => bound?.client.release(destroy),
  };
}

/** The pool as Kysely sees it: every statement on the primary, but plain reads of hot read paths on the replica when there is one. */
export function routingPool(primary: PrimaryPool): PostgresPool {
  return {
    options: primary.pool.options,
    end: () => primary.pool.end(),
    async connect() {
      const scope = primary.replica ? currentReadScope() : undefined;
      const client = primary.replica && scope?.replicaAllowed ? routedClient(primary, primary.replica, scope) : await primaryClient(primary);
      return client as unknown as PostgresPoolClient;
    },
  };
}

