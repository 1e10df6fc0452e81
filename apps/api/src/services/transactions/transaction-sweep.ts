import { now } from '../../core/dates.ts';
import type { TransactionStore } from './transaction-store.ts';

/** How often expired transactions are removed (Appwrite's maintenance runs hourly; this is cheaper and tidier). */
const SWEEP_EVERY_MS = 60_000;
const BATCH = 100;

/**
 * Removes transactions past their expiry, whatever their status, with what they had staged
 * (Appwrite's deleteExpiredTransactions). Every process may run it: removing is idempotent.
 * Returns how many it removed.
 */
export async function sweepExpiredTransactions(store: TransactionStore): Promise<number> {
  let removed = 0;
  for (;;) {
    const expired = await store.expiredBefore(now(), BATCH);
    for (const transaction of expired) await store.remove(transaction);
    removed += expired.length;
    if (expired.length < BATCH) return removed;
  }
}

/** Sweeps every minute; the returned function stops it. */
export function startTransactionSweep(store: TransactionStore, onError: (error: unknown) => void): () => void {
  const run = () => void sweepExpiredTransactions(store).catch(onError);
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
