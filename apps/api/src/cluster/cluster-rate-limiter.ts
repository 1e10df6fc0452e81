import { RateLimiterUnavailableError, type RateLimiter, type RateLimitResult } from '../core/rate-limiter.ts';
import { isClusterMessage, type PrimaryMessage, type WorkerMessage } from './messages.ts';

/** How long a worker waits for the primary's count before the request fails. */
const DEFAULT_TIMEOUT_MS = 2_000;

/**
 * Abuse-limit counters kept by the cluster's primary (see primary-relay.ts), so a limit of 10
 * counts 10 across every worker of the machine. Like the Redis limiter when Redis is down, a hit
 * the primary does not answer in time fails (the request errors) rather than being let through.
 */
export class ClusterRateLimiter implements RateLimiter {
  private readonly pending = new Map<number, { resolve: (result: RateLimitResult) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  private readonly timeoutMs: number;
  private nextId = 1;
  private readonly onMessage = (message: unknown) => {
    if (!isClusterMessage<PrimaryMessage>(message) || message.ballot !== 'rate-result') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    clearTimeout(waiting.timer);
    waiting.resolve(message.result);
  };

  constructor(timeoutMs = DEFAULT_TIMEOUT_MS) {
    this.timeoutMs = timeoutMs;
    process.on('message', this.onMessage);
  }

  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!process.send || !process.connected) {
        reject(new RateLimiterUnavailableError('the cluster primary is gone'));
        return;
      }
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new RateLimiterUnavailableError(`the cluster primary did not answer within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      const message: WorkerMessage = { ballot: 'rate-hit', id, key, limit, windowSeconds };
      process.send(message, undefined, {}, (error) => {
        if (!error) return;
        clearTimeout(timer);
        this.pending.delete(id);
        reject(new RateLimiterUnavailableError(error.message));
      });
    });
  }

  async close(): Promise<void> {
    process.off('message', this.onMessage);
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error('abuse limits: closed'));
      this.pending.delete(id);
    }
  }
}
