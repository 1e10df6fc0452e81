import { now } from '../../core/dates.ts';
import type { TransactionStore } from './transaction-store.ts';

/** How often expired transactions are removed (Appwrite's maintenance runs hourly; this is cheaper and tidier). */
export const TRANSACTION_SWEEP_EVERY_MS = 60_000;
const BATCH = 100;

/**
 * Removes transactions past their expiry, whatever their status, with what they had staged
 * (Appwrite's deleteExpiredTransactions). Scheduled once per tick across processes (app.ts);
 * two runs at once would only repeat work, as removing is idempotent. Returns how many it removed.
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
