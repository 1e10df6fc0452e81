// `read` runs a select at once when nobody holds the connection; while a transaction holds it, the
// read waits for its end and never sees its uncommitted rows.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { SqlDialect } from '../dialect.ts';
import { openSqlite } from './sqlite.ts';

describe('SQLite read outside transactions', () => {
  let dialect: SqlDialect;
  afterEach(() => dialect.close());

  it('answers at once when the connection is free', async () => {
    dialect = openSqlite(':memory:');
    await sql`create table t (v integer)`.execute(dialect.db);
    await sql`insert into t values (1), (2)`.execute(dialect.db);
    expect(await dialect.read<{ v: number }>('select v from t where v > ? order by v', [0])).toEqual([{ v: 1 }, { v: 2 }]);
  });

  it('waits for a transaction under way and reads what it committed, never what it had not', async () => {
    dialect = openSqlite(':memory:');
    await sql`create table t (v integer)`.execute(dialect.db);
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
    let finish!: () => void;
    const finishSignal = new Promise<void>((resolve) => (finish = resolve));
    const writing = dialect.db.transaction().execute(async (trx) => {
      await sql`insert into t values (7)`.execute(trx);
      inserted();
      await finishSignal;
    });
    await insertedSignal;
    let seen: unknown;
    const reading = dialect.read<{ v: number }>('select v from t', []).then((rows) => (seen = rows));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toBeUndefined();
    finish();
    await writing;
    await reading;
    expect(seen).toEqual([{ v: 7 }]);
  });

  it('after close, fails as Kysely does instead of reporting an outage', async () => {
    dialect = openSqlite(':memory:');
    await sql`create table t (v integer)`.execute(dialect.db);
    await dialect.close();
    await expect(dialect.read('select v from t', [])).rejects.toThrow('driver has already been destroyed');
    dialect = openSqlite(':memory:');
  });
});
