/**
 * Statements in flight on a pool's connections, given up once the server has left them unanswered
 * for `afterMs`. One periodic sweep serves every statement: a timer armed and cancelled per
 * statement cost more than the primary-key read it guarded.
 */
export class UnansweredStatements {
  readonly #afterMs: number;
  readonly #sweepEveryMs: number;
  readonly #inFlight = new Set<{ startedAt: number; giveUp: () => void }>();
  #sweeper: NodeJS.Timeout | undefined;

  constructor(afterMs: number) {
    this.#afterMs = afterMs;
    this.#sweepEveryMs = Math.min(1_000, Math.max(1, Math.floor(afterMs / 5)));
  }

  /** Runs `pending`; fails with "Query read timeout" (calling `onGiveUp` first) if it is still unanswered after `afterMs`. */
  watch<T>(pending: Promise<T>, onGiveUp: () => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry = {
        startedAt: Date.now(),
        giveUp: () => {
          onGiveUp();
          reject(new Error('Query read timeout'));
        },
      };
      this.#inFlight.add(entry);
      this.#sweeper ??= setInterval(() => this.#sweep(), this.#sweepEveryMs).unref();
      pending.then(
        (value) => {
          this.#inFlight.delete(entry);
          resolve(value);
        },
        (error: unknown) => {
          this.#inFlight.delete(entry);
          reject(error);
        },
      );
    });
  }

  #sweep(): void {
    if (this.#inFlight.size === 0) {
      clearInterval(this.#sweeper);
      this.#sweeper = undefined;
      return;
    }
    const overdue = Date.now() - this.#afterMs;
    for (const entry of this.#inFlight) {
      if (entry.startedAt > overdue) continue;
      this.#inFlight.delete(entry);
      entry.giveUp();
    }
  }
}
