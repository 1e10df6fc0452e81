/**
 * Rendered images by key, least recently used dropped first once their bytes pass `maxBytes`.
 * Callers asking for the same key while it renders share that one render; a failed render is not kept.
 */
export class ByteLimitedCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached value (rendered or rendering), without rendering it. */
  peek(key: string): Promise<Buffer> | undefined {
    const cached = this.entries.get(key);
    if (cached) {
      // Map order is insertion order: moving the key to the end marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, cached);
    }
    return cached;
  }

  get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const cached = this.peek(key);
    if (cached) return cached;
    const value = render();
    this.entries.set(key, value);
    value.then(
      (bytes) => {
        if (this.entries.get(key) !== value) return;
        this.sizes.set(key, bytes.length);
        this.total += bytes.length;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === value) this.entries.delete(key);
      },
    );
    return value;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.total <= this.maxBytes) return;
      const size = this.sizes.get(key);
      // Still rendering: not counted yet, and its waiters need it.
      if (size === undefined) continue;
      this.entries.delete(key);
      this.sizes.delete(key);
      this.total -= size;
    }
  }
}
