/**
 * `npm run seed -- --size demo|large|N [--reset]`: writes the deterministic demo data into the
 * configured database (DATA_DIR SQLite, or DATABASE_URL) and reports time and database size.
 */
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { parseDemoSize, seedDemo } from '../apps/api/src/seed/seed-demo.ts';

const { values } = parseArgs({ options: { size: { type: 'string', default: 'demo' }, reset: { type: 'boolean', default: false } } });
const config = loadConfig({ ...process.env, LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn' });
const size = parseDemoSize(values.size ?? 'demo');
const sqliteFile = join(config.dataDir, 'ballot-atlas.sqlite');

if (values.reset) {
  if (config.databaseUrl) {
    const { openPostgres } = await import('../apps/api/src/db/dialects/postgres.ts');
    const dialect = openPostgres(config.databaseUrl, 'public');
    await sql`drop schema if exists ${sql.id(config.databaseSchema)} cascade`.execute(dialect.db);
    await dialect.close();
  } else {
    for (const suffix of ['', '-wal', '-shm']) rmSync(sqliteFile + suffix, { force: true });
  }
  // Uploaded files and their previews go with the records that named them.
  for (const dir of ['storage', join('cache', 'previews')]) rmSync(join(config.dataDir, dir), { recursive: true, force: true });
}

const app = await createApp(config);
const regions = await app.services.documents.count({ databaseId: 'main', collectionId: 'regions' });
if (regions > 0) {
  console.error('The database already holds directory data; run with --reset to replace it.');
  await app.close();
  process.exit(1);
}
const started = performance.now();
const written = await seedDemo(app.services, size, (line) => console.log(line));
const seconds = (performance.now() - started) / 1000;
if (!config.databaseUrl) await sql`pragma wal_checkpoint(truncate)`.execute(app.services.dialect.db);
let bytes: number;
if (config.databaseUrl) {
  const row = await sql<{ bytes: number }>`select sum(pg_total_relation_size(quote_ident(table_schema) || '.' || quote_ident(table_name)))::bigint as bytes from information_schema.tables where table_schema = ${config.databaseSchema}`.execute(app.services.dialect.db);
  bytes = Number(row.rows[0]?.bytes ?? 0);
} else {
  bytes = statSync(sqliteFile).size;
}
await app.close();
const { media = 0, ...documents } = written;
const total = Object.values(documents).reduce((sum, count) => sum + count, 0);
console.log(`seeded ${total} documents (${Object.entries(documents).map(([collection, count]) => `${collection} ${count}`).join(', ')}) and ${media} pictures`);
console.log(`time ${seconds.toFixed(1)} s, database ${(bytes / 1024 / 1024).toFixed(1)} MiB (${config.databaseUrl ? 'PostgreSQL' : sqliteFile})`);
