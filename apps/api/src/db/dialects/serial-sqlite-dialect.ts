import { SqliteAdapter, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

/**
 * Turns at the one SQLite connection, given in arrival order. Kysely's own lock for single-connection
 * dialects wakes every waiter at each release (all of them re-check it, one wins): under load that
 * cost more than the statements themselves.
 */
export class ConnectionTurns {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  /** Nobody holds the connection: a statement run synchronously now cannot land inside someone's transaction. */
  get free(): boolean {
    return !this.#held;
  }

  take(): Promise<void> | undefined {
    if (!this.#held) {
      this.#held = true;
      return undefined;
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the connection to the longest waiter (it stays held), or frees it. */
  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

class SerialSqliteDriver extends SqliteDriver {
  readonly #turns: ConnectionTurns;

  constructor(config: SqliteDialectConfig, turns: ConnectionTurns) {
    super(config);
    this.#turns = turns;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.take();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    this.#turns.give();
  }
}

/** Told "several connections" so that Kysely skips its lock: SerialSqliteDriver keeps the one connection to one user at a time. */
class SerialSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect, its one connection taken in turns (`turns`) instead of under Kysely's lock. */
export class SerialSqliteDialect extends SqliteDialect {
  readonly turns = new ConnectionTurns();
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new SerialSqliteDriver(this.#config, this.turns);
  }

  override createAdapter(): SqliteAdapter {
    return new SerialSqliteAdapter();
  }
}
