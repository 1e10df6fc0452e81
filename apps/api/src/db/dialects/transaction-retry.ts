import { Kysely, TransactionBuilder, type AccessMode, type IsolationLevel, type KyselyConfig, type Transaction } from 'kysely';
import type { DatabaseLog } from './outage.ts';

/** serialization_failure and deadlock_detected: PostgreSQL rolled the transaction back and it may simply run again. */
const RETRYABLE_SQLSTATE = new Set(['40001', '40P01']);

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The back-off before try n+1 is a random time up to baseDelayMs × 2ⁿ⁻¹, at most maxDelayMs (full jitter). */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 5, baseDelayMs: 10, maxDelayMs: 250 };

export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_SQLSTATE.has(code);
}

export function backoffMs(policy: RetryPolicy, failedTries: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failedTries - 1)));
}

/** How many transactions this process ran again after a serialization failure or deadlock. */
export class RetryCounter {
  retried = 0;
}

/**
 * Runs the builder's transaction, and runs it again from the start when PostgreSQL aborted it for a
 * serialization failure or a deadlock. The callback must therefore only touch the database (and
 * values it creates itself): every caller's side effects (mail, files, wake-ups) happen after it returns.
 */
class RetryingTransactionBuilder<DB> extends TransactionBuilder<DB> {
  readonly #inner: TransactionBuilder<DB>;
  readonly #policy: RetryPolicy;
  readonly #counter: RetryCounter;
  readonly #log: DatabaseLog;

  constructor(inner: TransactionBuilder<DB>, policy: RetryPolicy, counter: RetryCounter, log: DatabaseLog) {
    // The base class's own state is never used: every call goes to `inner`.
    super({} as never);
    this.#inner = inner;
    this.#policy = policy;
    this.#counter = counter;
    this.#log = log;
  }

  override setAccessMode(accessMode: AccessMode): TransactionBuilder<DB> {
    return new RetryingTransactionBuilder(this.#inner.setAccessMode(accessMode), this.#policy, this.#counter, this.#log);
  }

  override setIsolationLevel(isolationLevel: IsolationLevel): TransactionBuilder<DB> {
    return new RetryingTransactionBuilder(this.#inner.setIsolationLevel(isolationLevel), this.#policy, this.#counter, this.#log);
  }

  override async execute<T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    for (let tried = 1; ; tried++) {
      try {
        return await this.#inner.execute(callback);
      } catch (error) {
        if (tried >= this.#policy.attempts || !isRetryableConflict(error)) throw error;
        const delay = backoffMs(this.#policy, tried);
        this.#counter.retried++;
        this.#log('debug', `transaction retried after ${(error as { code: string }).code} (try ${tried + 1} of ${this.#policy.attempts}, in ${delay} ms)`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}

/** A Kysely whose `transaction()` retries serialization failures and deadlocks (see RetryingTransactionBuilder). */
export class RetryingKysely<DB> extends Kysely<DB> {
  readonly retries = new RetryCounter();
  readonly #policy: RetryPolicy;
  readonly #log: DatabaseLog;

  constructor(config: KyselyConfig, log: DatabaseLog = () => {}, policy: RetryPolicy = DEFAULT_RETRY_POLICY) {
    super(config);
    this.#policy = policy;
    this.#log = log;
  }

  override transaction(): TransactionBuilder<DB> {
    return new RetryingTransactionBuilder(super.transaction(), this.#policy, this.retries, this.#log);
  }
}
