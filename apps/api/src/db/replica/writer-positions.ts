import { Redis } from 'ioredis';

/**
 * The WAL position of each writer's last commit, kept until the replica has surely replayed it.
 * A standby further behind than this serves a writer's reads from the primary only meanwhile.
 */
export const WRITER_POSITION_TTL_MS = 5 * 60_000;
/** Wide enough for any 64-bit position, so positions compare as strings in Redis. */
const DIGITS = 20;

export interface WriterPositions {
  record(writer: string, position: bigint): Promise<void>;
  /** `unknown`: the store cannot answer now, so the writer's reads go to the primary. */
  lastCommit(writer: string): Promise<bigint | 'unknown' | undefined>;
  close(): Promise<void>;
}

/** One process: positions in its memory (without Redis every process is its own writer's primary-reader). */
export class MemoryWriterPositions implements WriterPositions {
  readonly #positions = new Map<string, { position: bigint; until: number }>();

  async record(writer: string, position: bigint): Promise<void> {
    const now = Date.now();
    const known = this.#positions.get(writer);
    if (known && known.until > now && known.position >= position) return;
    this.#positions.delete(writer);
    this.#positions.set(writer, { position, until: now + WRITER_POSITION_TTL_MS });
    // Oldest first (insertion order): drop the expired ones at the front.
    for (const [key, entry] of this.#positions) {
      if (entry.until > now) break;
      this.#positions.delete(key);
    }
  }

  async lastCommit(writer: string): Promise<bigint | undefined> {
    const known = this.#positions.get(writer);
    return known && known.until > Date.now() ? known.position : undefined;
  }

  async close(): Promise<void> {}
}

/** Keeps the larger of the stored and the new position (two requests of one writer may commit out of order). */
const RECORD_MAX = `local current = redis.call('GET', KEYS[1])
if current and current >= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/** Every process: positions in Redis, so a writer's next request reads its write on whichever process it reaches. */
export class RedisWriterPositions implements WriterPositions {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(url: string, prefix: string) {
    // Commands wait for the connection (the first writes come right after start) but fail after one reconnection attempt.
    this.#redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
    this.#redis.on('error', () => {});
    this.#prefix = `${prefix}:writer-position:`;
  }

  async record(writer: string, position: bigint): Promise<void> {
    await this.#redis.eval(RECORD_MAX, 1, this.#prefix + writer, position.toString().padStart(DIGITS, '0'), String(WRITER_POSITION_TTL_MS));
  }

  async lastCommit(writer: string): Promise<bigint | 'unknown' | undefined> {
    try {
      const stored = await this.#redis.get(this.#prefix + writer);
      return stored === null ? undefined : BigInt(stored);
    } catch {
      return 'unknown';
    }
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }
}
