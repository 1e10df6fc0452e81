import { authDb } from './auth-tables.ts';
import type { SqlDialect } from '../dialect.ts';

/**
 * A server-wide value created once and shared by every process on the same database (e.g. the
 * JWT signing key): the first writer wins and everyone reads the winner's value.
 */
export async function sharedSetting(dialect: SqlDialect, key: string, create: () => string): Promise<string> {
  const db = authDb(dialect);
  await db.insertInto('_auth_settings').values({ key, value: create() }).onConflict((conflict) => conflict.column('key').doNothing()).execute();
  const row = await db.selectFrom('_auth_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
