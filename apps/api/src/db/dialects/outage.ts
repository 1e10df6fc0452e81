import { AppwriteError } from '../../core/errors.ts';

/** How a dialect reads one driver error: the database is out of reach, a statement ran too long, or neither. */
export type FailureKind = 'unavailable' | 'timeout' | undefined;

/** Where a dialect reports outages and recoveries; only strings leave, never a driver object. */
export type DatabaseLog = (level: 'debug' | 'info' | 'warn', message: string) => void;

/** The timeouts and log every dialect takes; unset values mean the defaults of `config.ts`. */
export interface DatabaseOptions {
  /** PostgreSQL: connecting, and waiting for a pooled connection. SQLite: waiting for another process's write lock. */
  connectTimeoutMs?: number;
  /** PostgreSQL only (SQLite statements cannot be interrupted); 0 for none. */
  statementTimeoutMs?: number;
  log?: DatabaseLog;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/** A failed write makes the health check fail for this long, unless a later write succeeds first. */
const WRITE_FAILURE_REMEMBERED_MS = 10_000;

/** A driver error as an operator needs it: its code and message. */
export function describeDriverError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? `${code}: ${message}` : message;
}

/** The database cannot be reached or cannot write (connection lost or refused, restarting, disk full, read-only). */
export class DatabaseUnavailableError extends AppwriteError {
  /** The driver's code and message, for the log only: clients get the catalogue's message. */
  readonly reason: string;

  constructor(reason: string) {
    super('general_service_unavailable');
    this.reason = reason;
  }
}

/** A statement outlived the statement timeout and was cancelled by the database. */
export class DatabaseTimeoutError extends AppwriteError {
  readonly reason: string;

  constructor(reason: string) {
    super('database_timeout');
    this.reason = reason;
  }
}

/** What the health check asks a dialect. */
export interface DatabaseAvailability {
  /** Why writes fail, while they do: set by a failed write, cleared by a successful one or after a quiet while. */
  failingWrites(): string | undefined;
}

/** `control`: begin, commit, rollback, savepoints — their success says nothing about whether writes work. */
export type StatementKind = 'read' | 'write' | 'control' | 'connect';

const TRANSACTION_CONTROL = /^\s*(begin|start|commit|end|rollback|savepoint|release)\b/i;

/** What a statement is, from its SQL text (an `insert … returning` returns rows but is a write). */
export function statementKind(text: string): StatementKind {
  if (/^\s*select\b/i.test(text)) return 'read';
  return TRANSACTION_CONTROL.test(text) ? 'control' : 'write';
}

/**
 * Turns a dialect's outage errors into typed errors and follows the outage: one log line when it
 * starts and one when it ends, however many requests fail in between.
 */
export class OutageMonitor implements DatabaseAvailability {
  readonly #classify: (error: unknown) => FailureKind;
  readonly #log: DatabaseLog;
  #outage: { since: number; writesOnly: boolean } | undefined;
  #writeFailure: { at: number; reason: string } | undefined;

  constructor(classify: (error: unknown) => FailureKind, log: DatabaseLog = () => {}) {
    this.#classify = classify;
    this.#log = log;
  }

  /** The typed error for an outage or a timeout; any other error is returned as it is. */
  translate(error: unknown, kind: StatementKind): unknown {
    if (error instanceof AppwriteError) return error;
    const failure = this.#classify(error) ?? (kind === 'connect' ? 'unavailable' : undefined);
    if (failure === undefined) return error;
    const reason = describeDriverError(error);
    if (failure === 'timeout') return new DatabaseTimeoutError(reason);
    const now = Date.now();
    if (kind === 'write') this.#writeFailure = { at: now, reason };
    if (!this.#outage) {
      this.#outage = { since: now, writesOnly: kind === 'write' };
      this.#log('warn', `database unavailable (general_service_unavailable): ${reason}`);
    } else if (kind !== 'write') {
      this.#outage.writesOnly = false;
    }
    return new DatabaseUnavailableError(reason);
  }

  succeeded(kind: StatementKind): void {
    if (kind === 'write') this.#writeFailure = undefined;
    if (this.#outage && (kind === 'write' || !this.#outage.writesOnly)) {
      this.#log('info', `database available again after ${Date.now() - this.#outage.since} ms`);
      this.#outage = undefined;
    }
  }

  failingWrites(): string | undefined {
    if (this.#writeFailure && Date.now() - this.#writeFailure.at > WRITE_FAILURE_REMEMBERED_MS) this.#writeFailure = undefined;
    return this.#writeFailure?.reason;
  }
}
