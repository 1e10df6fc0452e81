import { sql, type Kysely } from 'kysely';
import { now } from '../core/dates.ts';
import type { DialectName, SqlDialect } from '../db/dialect.ts';
import { type CommittedEvent, type OutboxEvent, type OutboxPosition, START } from './outbox-event.ts';
import { CONSUMERS_TABLE, OUTBOX_TABLE } from './outbox-tables.ts';

interface OutboxRow {
  seq: number | string;
  txid: number | string;
  created_at: string;
  events: string;
  channels: string;
  roles: string;
  payload: string;
  user_id: string;
  horizon: number | string | null;
}

/** A page of committed events after a cursor, and whether later ones wait on older transactions. */
export interface OutboxPage {
  events: CommittedEvent[];
  /** True when rows past the page exist but are not yet safe to hand out (PostgreSQL only). */
  heldBack: boolean;
}

/**
 * The transaction id the outbox orders by. On PostgreSQL a sequence value does not follow commit
 * order: a transaction that took seq 7 may commit after one that took seq 8, and a reader that has
 * passed 8 would never see 7. So rows carry their writer's transaction id and are read in
 * (txid, seq) order, only below the oldest transaction still running (the snapshot's xmin): every
 * transaction below it has ended, so nothing can appear there any more. Transaction ids are given
 * out in increasing order, so each writer of a row lands after everything a reader has passed.
 * SQLite runs one writer at a time, so its seq order is commit order and txid stays 0.
 */
function currentTxid(dialect: DialectName) {
  return dialect === 'postgres' ? sql<number>`pg_current_xact_id()::text::bigint` : sql<number>`0`;
}

function horizon(dialect: DialectName) {
  return dialect === 'postgres' ? sql<number>`pg_snapshot_xmin(pg_current_snapshot())::text::bigint` : sql<null>`null`;
}

function toEvent(row: OutboxRow): CommittedEvent {
  return {
    position: { txid: Number(row.txid), seq: Number(row.seq) },
    timestamp: row.created_at,
    events: JSON.parse(row.events) as string[],
    channels: JSON.parse(row.channels) as string[],
    roles: JSON.parse(row.roles) as string[],
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    userId: row.user_id,
  };
}

/** Reads and writes the outbox table and the durable consumers' cursors. */
export class OutboxStore {
  readonly dialect: SqlDialect;

  constructor(dialect: SqlDialect) {
    this.dialect = dialect;
  }

  /** Appends events in the writer's transaction `trx`: they commit with the write, or vanish with it. */
  async append(trx: Kysely<any>, events: readonly OutboxEvent[], at: string = now()): Promise<void> {
    if (events.length === 0) return;
    const txid = currentTxid(this.dialect.name);
    await trx
      .insertInto(OUTBOX_TABLE)
      .values(events.map((event) => ({
        txid,
        created_at: at,
        events: JSON.stringify(event.events),
        channels: JSON.stringify(event.channels),
        roles: JSON.stringify(event.roles),
        payload: JSON.stringify(event.payload),
        user_id: event.userId ?? '',
      })))
      .execute();
  }

  /** Committed events after `cursor`, in commit order, at most `limit` of them. */
  async readAfter(cursor: OutboxPosition, limit: number, executor: Kysely<any> = this.dialect.db): Promise<OutboxPage> {
    const result = await sql<OutboxRow>`select seq, txid, created_at, events, channels, roles, payload, user_id, ${horizon(this.dialect.name)} as horizon
      from ${sql.table(OUTBOX_TABLE)} where (txid, seq) > (${cursor.txid}, ${cursor.seq}) order by txid, seq limit ${limit}`.execute(executor);
    const events: CommittedEvent[] = [];
    for (const row of result.rows) {
      if (row.horizon !== null && Number(row.txid) >= Number(row.horizon)) return { events, heldBack: true };
      events.push(toEvent(row));
    }
    return { events, heldBack: false };
  }

  /** The position of the last event that is safe to read now: where a reader starting now begins. */
  async tail(executor: Kysely<any> = this.dialect.db): Promise<OutboxPosition> {
    const result = await sql<{ txid: number | string; seq: number | string }>`select txid, seq from ${sql.table(OUTBOX_TABLE)}
      ${this.dialect.name === 'postgres' ? sql`where txid < ${horizon('postgres')}` : sql``} order by txid desc, seq desc limit 1`.execute(executor);
    const row = result.rows[0];
    return row ? { txid: Number(row.txid), seq: Number(row.seq) } : START;
  }

  /** Creates a durable consumer's cursor at the current tail, unless it exists. */
  async registerConsumer(name: string): Promise<void> {
    const at = await this.tail();
    await this.dialect.db
      .insertInto(CONSUMERS_TABLE)
      .values({ name, txid: at.txid, seq: at.seq, updated_at: now() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
  }

  /**
   * The consumer's cursor, locked for the rest of `trx`; undefined when another process holds it
   * (PostgreSQL skips the locked row; SQLite's transactions already run one at a time).
   */
  async lockConsumer(trx: Kysely<any>, name: string): Promise<OutboxPosition | undefined> {
    const lock = this.dialect.name === 'postgres' ? sql`for update skip locked` : sql``;
    const result = await sql<{ txid: number | string; seq: number | string }>`select txid, seq from ${sql.table(CONSUMERS_TABLE)} where name = ${name} ${lock}`.execute(trx);
    const row = result.rows[0];
    return row ? { txid: Number(row.txid), seq: Number(row.seq) } : undefined;
  }

  async moveConsumer(trx: Kysely<any>, name: string, to: OutboxPosition): Promise<void> {
    await trx.updateTable(CONSUMERS_TABLE).set({ txid: to.txid, seq: to.seq, updated_at: now() }).where('name', '=', name).execute();
  }

  async consumerPosition(name: string): Promise<OutboxPosition | undefined> {
    const row = await this.dialect.db.selectFrom(CONSUMERS_TABLE).select(['txid', 'seq']).where('name', '=', name).executeTakeFirst();
    return row ? { txid: Number(row.txid), seq: Number(row.seq) } : undefined;
  }

  /**
   * Deletes events written before `olderThan` that every durable consumer has passed. Broadcast
   * readers keep no cursor here: the retention time is what they are given to catch up.
   */
  async prune(olderThan: string): Promise<number> {
    const result = await sql`delete from ${sql.table(OUTBOX_TABLE)} where created_at < ${olderThan}
      and not exists (select 1 from ${sql.table(CONSUMERS_TABLE)} c where (c.txid, c.seq) < (${sql.table(OUTBOX_TABLE)}.txid, ${sql.table(OUTBOX_TABLE)}.seq))`.execute(this.dialect.db);
    return Number(result.numAffectedRows ?? 0);
  }
}
