import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { SqlDialect } from './dialect.ts';
import type { DatabaseOptions } from './dialects/outage.ts';
import { openPostgres } from './dialects/postgres.ts';
import { openSqlite } from './dialects/sqlite.ts';

/** SQLite in DATA_DIR unless DATABASE_URL names a PostgreSQL server (with DATABASE_REPLICA_URL, its standby for hot reads). */
export async function connectDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'> &
    Partial<Pick<Config, 'databaseConnectTimeoutMs' | 'databaseStatementTimeoutMs' | 'databasePoolSize' | 'databaseReplicaUrl' | 'redisUrl' | 'projectId'>>,
  log?: DatabaseOptions['log'],
): Promise<SqlDialect> {
  const options: DatabaseOptions = { connectTimeoutMs: config.databaseConnectTimeoutMs, statementTimeoutMs: config.databaseStatementTimeoutMs, log };
  if (config.databaseUrl) {
    const dialect = openPostgres(config.databaseUrl, config.databaseSchema, {
      ...options,
      poolSize: config.databasePoolSize,
      replicaUrl: config.databaseReplicaUrl,
      // Read-your-writes across processes needs the writers' commit positions where every process sees them.
      redis: config.redisUrl ? { url: config.redisUrl, prefix: config.projectId ?? 'ballot-atlas' } : undefined,
    });
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
