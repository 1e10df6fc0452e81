import type pg from 'pg';
import { describeDriverError, type DatabaseLog } from '../dialects/outage.ts';
import type { ReadScope } from './read-scope.ts';
import { parseWalPosition } from './wal-position.ts';
import type { WriterPositions } from './writer-positions.ts';

/** How long the standby's replay position is reused: the lag a writer may wait for, beyond the standby's own. */
const REPLAY_POSITION_CACHED_MS = 100;
/** While the standby is out of reach, it is tried again this often (in the background, never by a request). */
const PROBE_EVERY_MS = 2_000;
/** A position past every real one: what a server that is not a standby (all its commits visible) has replayed. */
const EVERYTHING = (1n << 64n) - 1n;

/**
 * Decides, per request, whether a plain read may go to the replica (a streaming standby): only
 * while it is reachable and, for a request whose writer committed recently, once it has replayed
 * that commit. Its outages are its own: reads go to the primary meanwhile, with one log line when
 * it goes and one when it comes back; the primary's health is not affected.
 */
export class ReplicaReads {
  readonly pool: pg.Pool;
  readonly #positions: WriterPositions;
  readonly #log: DatabaseLog;
  #replayed: { at: number; value: Promise<bigint | undefined> } | undefined;
  #down: { since: number; probe: NodeJS.Timeout } | undefined;
  #closed = false;

  constructor(pool: pg.Pool, positions: WriterPositions, log: DatabaseLog) {
    this.pool = pool;
    this.#positions = positions;
    this.#log = log;
  }

  /** Whether this request's next plain read may go to the replica. */
  async serves(scope: ReadScope): Promise<boolean> {
    if (this.#down || scope.wrote) return false;
    if (!scope.writer) return true;
    const position = await (scope.writerPosition ??= this.#positions.lastCommit(scope.writer));
    if (position === undefined) return true;
    if (position === 'unknown') return false;
    const replayed = await this.replayPosition();
    return replayed !== undefined && replayed >= position;
  }

  /** A replica connection, or undefined (the replica then counts as down) when none can be had. */
  async connect(): Promise<pg.PoolClient | undefined> {
    if (this.#down) return undefined;
    try {
      return await this.pool.connect();
    } catch (error) {
      this.failed(error);
      return undefined;
    }
  }

  /** Remembers a writer's commit, so its reads stay on the primary until the replica has it. */
  async wrote(writer: string, position: bigint): Promise<void> {
    await this.#positions.record(writer, position);
  }

  /** The replica could not be reached or lost a connection: reads go to the primary until a probe succeeds. */
  failed(error: unknown): void {
    if (this.#down || this.#closed) return;
    this.#log('warn', `read replica unavailable, reads go to the primary: ${describeDriverError(error)}`);
    this.#replayed = undefined;
    const probe = setInterval(() => void this.probe(), PROBE_EVERY_MS);
    probe.unref();
    this.#down = { since: Date.now(), probe };
  }

  /** The standby's replay position, shared by the requests of a short while. */
  replayPosition(): Promise<bigint | undefined> {
    const now = Date.now();
    if (!this.#replayed || now - this.#replayed.at > REPLAY_POSITION_CACHED_MS) {
      this.#replayed = { at: now, value: this.queryReplayPosition().catch((error: unknown) => (this.failed(error), undefined)) };
    }
    return this.#replayed.value;
  }

  private async queryReplayPosition(): Promise<bigint> {
    const { rows } = await this.pool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
    const lsn = rows[0]?.lsn;
    return lsn ? parseWalPosition(lsn) : EVERYTHING;
  }

  private async probe(): Promise<void> {
    const down = this.#down;
    if (!down) return;
    try {
      await this.queryReplayPosition();
    } catch {
      return;
    }
    clearInterval(down.probe);
    this.#down = undefined;
    this.#log('info', `read replica available again after ${Date.now() - down.since} ms`);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#down) clearInterval(this.#down.probe);
    await Promise.all([this.pool.end(), this.#positions.close()]);
  }
}
