/**
 * A cheap fingerprint of everything a request could write, in one statement over every table the
 * database holds — found when the fuzz starts, so a table added later (a new service's) is covered
 * too: its rows, and its latest change where it has a column for it (`_updatedAt` of collections,
 * buckets' file records, teams and memberships; `updated_at` or `created_at` of accounts,
 * sessions, tokens…). Equal before and after a refused request means it wrote nothing. Left out:
 * full-text index tables (they follow their documents), the activity log (recording a refused
 * attempt is allowed), settings (written at start-up), and what background workers write after an
 * earlier request: the event consumers' cursors, the job queue's rows (each job is queued with a
 * record that is covered: an execution, a message), the mail delivery ledger and the claims of
 * periodic work (`_ticks`, written by whichever process's timer fires). A message's row
 * counts by its creation time, since the send worker updates its status later.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../../src/config.ts';
import type { Services } from '../../src/core/services.ts';

const LEFT_OUT = [/_fts_/, /^_auth_logs$/, /^_auth_settings$/, /^_events_consumers$/, /^_jobs$/, /^_messaging_deliveries$/, /^_ticks$/];
/** The column telling when a row last changed, in order of preference. */
const CHANGE_COLUMNS = ['_updatedAt', 'updated_at', 'created_at'];
/** Tables whose rows a background worker updates after the request that made them. */
const CREATED_ONLY = new Set(['_messaging_messages']);

function part(table: string, changed: string | undefined): string {
  const latest = changed ? `cast(max("${changed}") as text)` : `''`;
  return `select '${table}' as label, count(*) as n, ${latest} as latest from "${table}"`;
}

/** The statement for this server's tables; build it once, after the schema is applied. */
export async function fingerprintStatement(services: Services): Promise<string> {
  const { dialect } = services;
  const tables = (await dialect.listTables()).filter((table) => !LEFT_OUT.some((pattern) => pattern.test(table)));
  const parts = await Promise.all(
    tables.map(async (table) => {
      const columns = await dialect.listColumns(table);
      const changeColumns = CREATED_ONLY.has(table) ? ['created_at'] : CHANGE_COLUMNS;
      return part(table, changeColumns.find((column) => columns.includes(column)));
    }),
  );
  return parts.join(' union all ');
}

export interface Fingerprint {
  /** label → `rows@latest`. */
  readonly tables: ReadonlyMap<string, string>;
}

type Row = { label: string; n: number | string; latest: string | null };

/**
 * Takes fingerprints of one server's store. SQLite is read through the app's own handle (in
 * process, microseconds). PostgreSQL through a connection of its own with the statement prepared
 * once: planning its dozens of counts each time would cost most of a millisecond per request.
 */
export class StoreFingerprints {
  readonly #read: () => Promise<Row[]>;
  readonly #close: () => Promise<void>;

  private constructor(read: () => Promise<Row[]>, close: () => Promise<void>) {
    this.#read = read;
    this.#close = close;
  }

  static async open(services: Services, config: Config): Promise<StoreFingerprints> {
    const statement = await fingerprintStatement(services);
    if (services.dialect.name === 'sqlite' || !config.databaseUrl) {
      return new StoreFingerprints(async () => (await sql.raw<Row>(statement).execute(services.dialect.db)).rows, async () => {});
    }
    const client = new pg.Client({ connectionString: config.databaseUrl, options: `-c search_path=${config.databaseSchema}` });
    await client.connect();
    return new StoreFingerprints(async () => (await client.query<Row>({ name: 'fuzz-store-fingerprint', text: statement })).rows, () => client.end());
  }

  async take(): Promise<Fingerprint> {
    return { tables: new Map((await this.#read()).map((row) => [row.label, `${Number(row.n)}@${row.latest ?? ''}`])) };
  }

  close(): Promise<void> {
    return this.#close();
  }
}

/** What differs between two fingerprints, or null when nothing does. */
export function difference(before: Fingerprint, after: Fingerprint): string | null {
  const changes = [...after.tables].filter(([label, value]) => before.tables.get(label) !== value).map(([label, value]) => `${label}: ${before.tables.get(label)} → ${value}`);
  return changes.length ? changes.join('; ') : null;
}
