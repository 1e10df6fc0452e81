export interface TtlCacheOptions {
  /** How long a loaded value is served before the next `get` loads it again. */
  ttlMs: number;
  /** Most keys held at once; the oldest loaded is dropped first. */
  maxEntries: number;
  now?: () => number;
}

/**
 * Values by key for at most `ttlMs`, at most `maxEntries` keys. Callers waiting on the same key
 * share one load; a failed load is not kept, so the next `get` tries again.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: Promise<V> }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor({ ttlMs, maxEntries, now = Date.now }: TtlCacheOptions) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.now = now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const time = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.expires > time) return cached.value;
    this.entries.delete(key);
    this.dropExpired(time);
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    const value = load();
    const entry = { expires: time + this.ttlMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  private dropExpired(time: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= time) this.entries.delete(key);
  }
}
