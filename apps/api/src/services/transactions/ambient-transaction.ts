import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';

/**
 * A commit replays its staged writes through the ordinary write paths (DocumentsService), each of
 * which opens its own database transaction. While a commit runs, those paths join the commit's
 * transaction instead, so every write, history record and outbox event of the transaction commits
 * or rolls back together. (SQLite has one connection: a second transaction would wait forever.)
 */
interface Ambient {
  trx: Kysely<any>;
  /** Cleared when the commit's replay ends: work it scheduled for later (timers, wake-ups) inherits this store and must not join. */
  open: boolean;
}

const ambient = new AsyncLocalStorage<Ambient>();

/** Runs `work` with `trx` as the transaction every joinOrBegin inside it uses. */
export async function withAmbientTransaction<T>(trx: Kysely<any>, work: () => Promise<T>): Promise<T> {
  const store: Ambient = { trx, open: true };
  try {
    return await ambient.run(store, work);
  } finally {
    store.open = false;
  }
}

/** Runs `work` in the ambient transaction when a commit is running, else in a new transaction of `db`. */
export function joinOrBegin<T>(db: Kysely<any>, work: (trx: Kysely<any>) => Promise<T>): Promise<T> {
  const store = ambient.getStore();
  return store?.open ? work(store.trx) : db.transaction().execute(work);
}
