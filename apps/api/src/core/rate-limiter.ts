export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix time (seconds) when the window ends. */
  reset: number;
}

import { AppwriteError } from './errors.ts';

/**
 * The shared counters cannot be reached (Redis down, the cluster primary gone): the request is
 * refused with 503 rather than let through unlimited. `reason` is for the log only.
 */
export class RateLimiterUnavailableError extends AppwriteError {
  readonly reason: string;

  constructor(reason: string) {
    super('general_service_unavailable', 'Abuse limits cannot be checked at the moment. Please try again shortly.');
    this.reason = reason;
  }
}

/** Fixed-window counters; the in-process one serves a single server, a shared store serves many. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  close?(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; reset: number }>();
  private lastSweep = 0;

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = Math.floor(Date.now() / 1000);
    this.sweep(now);
    const start = now - (now % windowSeconds);
    const reset = start + windowSeconds;
    const id = `${key}@${start}`;
    const window = this.windows.get(id) ?? { count: 0, reset };
    window.count += 1;
    this.windows.set(id, window);
    return { allowed: window.count <= limit, limit, remaining: Math.max(0, limit - window.count), reset };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60) return;
    this.lastSweep = now;
    for (const [id, window] of this.windows) if (window.reset <= now) this.windows.delete(id);
  }
}
