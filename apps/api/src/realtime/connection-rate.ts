const MINUTE_MS = 60_000;

/**
 * Appwrite's abuse limit on realtime handshakes: so many per address in a fixed one-minute
 * window. The whole table is dropped when a window ends, so it never holds more than one
 * minute's addresses.
 */
export class ConnectionRate {
  private readonly perMinute: number;
  private windowStart = Date.now();
  private readonly counts = new Map<string, number>();

  constructor(perMinute: number) {
    this.perMinute = perMinute;
  }

  /** Counts a handshake from `ip`; false once the address is over its allowance for this minute. */
  admit(ip: string): boolean {
    const now = Date.now();
    if (now - this.windowStart >= MINUTE_MS) {
      this.windowStart = now;
      this.counts.clear();
    }
    const count = (this.counts.get(ip) ?? 0) + 1;
    this.counts.set(ip, count);
    return count <= this.perMinute;
  }
}
