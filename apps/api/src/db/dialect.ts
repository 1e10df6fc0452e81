import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { AttributeDefinition } from '../schema/project-schema.ts';
import type { CommitSignal } from './commit-signal.ts';
import type { DatabaseAvailability } from './dialects/outage.ts';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The only place that knows SQLite from PostgreSQL. Everything else builds SQL through Kysely
 * and asks this object for the few things that differ: column types, value encoding, JSON arrays,
 * substring tests and full-text search.
 */
export interface SqlDialect {
  readonly name: DialectName;
  readonly db: Kysely<any>;
  /** Whether writes are failing for want of the database (disk full, read-only, connection lost), for the health check. */
  readonly availability: DatabaseAvailability;
  /** Fires after each transaction this process commits. */
  readonly commits: CommitSignal;
  /** DDL for the internal sequence primary key column. */
  readonly sequenceColumn: string;
  /**
   * Ends a select of rows the transaction is about to write, so a concurrent writer waits for it
   * (PostgreSQL `for update`); empty on SQLite, whose transactions already run one at a time.
   */
  readonly rowLock: string;
  /** A join whose left side the planner must read first (SQLite's `cross join`; PostgreSQL plans its joins itself). */
  readonly fixedJoin: string;
  /** The rows of a select (SQL text and its parameters) outside any transaction: `db.executeQuery`, by the shortest way the driver allows. */
  read<Row>(text: string, parameters: readonly unknown[]): Promise<Row[]>;
  /** Column type for one attribute (arrays included). */
  columnType(attribute: AttributeDefinition): string;
  /** Column type for system text columns. */
  readonly textType: string;
  /** Index column order whose null placement matches ORDER BY's (nulls smallest), so sorts use the index. */
  indexOrder(direction: 'asc' | 'desc'): string;
  /** JS value → driver value, for writes and query parameters. */
  encode(attribute: AttributeDefinition, value: unknown): unknown;
  /** Driver value → JS value, for one attribute: built once per attribute, called for every row read. */
  decoder(attribute: AttributeDefinition): (raw: unknown) => unknown;
  /** `column` (a string) contains `value` as a case-sensitive substring. */
  textContains(column: string, value: string): RawBuilder<SqlBool>;
  /** `column` (a JSON array) holds at least one of `values`. */
  arrayContainsAny(column: string, values: readonly unknown[]): RawBuilder<SqlBool>;
  /** Statements creating the full-text side table for one attribute. */
  createFulltextTable(table: string): RawBuilder<unknown>[];
  /** True when an existing full-text table was made by an older `createFulltextTable` and must be rebuilt. */
  fulltextTableOutdated(table: string, executor: Kysely<any>): Promise<boolean>;
  insertFulltext(table: string, sequence: number, text: string): RawBuilder<unknown>;
  deleteFulltext(table: string, sequence: number): RawBuilder<unknown>;
  /** Sub-select of the sequences (column `_match`) of documents whose text matches every term (the last one as a prefix). */
  fulltextMatches(table: string, terms: readonly string[]): RawBuilder<unknown>;
  /** Existing user tables and their columns. */
  listTables(): Promise<string[]>;
  listColumns(table: string): Promise<string[]>;
  /** Refreshes the planner's statistics (after bulk imports, so filters pick the right index). */
  analyze(): Promise<void>;
  /** True when the driver error is a unique-constraint violation. */
  isUniqueViolation(error: unknown): boolean;
  close(): Promise<void>;
}
