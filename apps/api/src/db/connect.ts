import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { SqlDialect } from './dialect.ts';
import { openPostgres } from './dialects/postgres.ts';
import { openSqlite } from './dialects/sqlite.ts';

/** SQLite in DATA_DIR unless DATABASE_URL names a PostgreSQL server. */
export async function connectDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>): Promise<SqlDialect> {
  if (config.databaseUrl) {
    const dialect = openPostgres(config.databaseUrl, config.databaseSchema);
    await sql`create schema if not exists ${sql.id(config.databaseSchema)}`.execute(dialect.db);
    return dialect;
  }
  mkdirSync(config.dataDir, { recursive: true });
  return openSqlite(join(config.dataDir, 'ballot-atlas.sqlite'));
}
