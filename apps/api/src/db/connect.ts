import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { SqlDialect } from './dialect.ts';
import type { DatabaseOptions } from './dialects/outage.ts';
import { openPostgres } from './dialects/postgres.ts';
import { openSqlite } from './dialects/sqlite.ts';

/** SQLite in DATA_DIR unless DATABASE_URL names a PostgreSQL server. */
export async function connectDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'> & Partial<Pick<Config, 'databaseConnectTimeoutMs' | 'databaseStatementTimeoutMs'>>,
  log?: DatabaseOptions['log'],
): Promise<SqlDialect> {
  const options: DatabaseOptions = { connectTimeoutMs: config.databaseConnectTimeoutMs, statementTimeoutMs: config.databaseStatementTimeoutMs, log };
  if (config.databaseUrl) {
    const dialect = openPostgres(config.databaseUrl, config.databaseSchema, options);
    try {
      await sql`create schema if not exists ${sql.id(config.databaseSchema)}`.execute(dialect.db);
    } catch (error) {
      await dialect.close();
      throw error;
    }
    return dialect;
  }
  mkdirSync(config.dataDir, { recursive: true });
  return openSqlite(join(config.dataDir, 'ballot-atlas.sqlite'), options);
}
