/**
 * Directory export and import at scale (issue 12, item 2), outside `npm test`:
 *
 *   npx node --expose-gc bench/directory-io.ts [--size large] [--import-rows 100000] [--engine sqlite|postgres|both]
 *
 * Export: the candidates as CSV and the whole directory as Popolo JSON, from the bench data set
 * (bench/prepare.ts; `large` = 1,000,000 candidates, seeded once into .bench/sqlite-large) and,
 * when PostgreSQL answers at TEST_DATABASE_URL, from the same data seeded once into its schema
 * `bench_<size>`. This process's RSS is sampled at every write (better-sqlite3 answers
 * synchronously, so a timer would not fire during a SQLite export): its peak over the level before
 * the export. On SQLite that includes the database's own caches as they fill (the dialect's
 * `mmap_size` of 256 MiB and `cache_size` of 64 MiB, bounded whatever the table's size), so the
 * CSV export runs twice, cold and warm; PostgreSQL keeps its caches in its own processes. The
 * warm SQLite and the PostgreSQL growth must stay under 100 MB (exit 1 otherwise).
 *
 * Import: the directory's CSV files, with the candidates cut to --import-rows, into an empty
 * database (SQLite, and PostgreSQL when it answers): a dry run, the write, and the same files
 * again (all unchanged).
 */
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createApp, type App } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { csvText, exportCollectionCsv } from '../apps/api/src/directory-io/csv-export.ts';
import { readCsvRecords } from '../apps/api/src/directory-io/csv-records.ts';
import { DIRECTORY_COLLECTIONS } from '../apps/api/src/directory-io/directory-collections.ts';
import { describeImportFiles, importFiles } from '../apps/api/src/directory-io/import-files.ts';
import type { ImportSummary } from '../apps/api/src/directory-io/import-rows.ts';
import { exportPopolo } from '../apps/api/src/directory-io/popolo-export.ts';
import { prepareDataset, REPO_ROOT } from './prepare.ts';

const MEMORY_LIMIT_MB = 100;
const { values } = parseArgs({ options: { size: { type: 'string', default: 'large' }, 'import-rows': { type: 'string', default: '100000' }, engine: { type: 'string', default: 'both' } } });
const importRows = Number(values['import-rows']);
const MiB = 1024 * 1024;
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage.rss()));

/** File-backed resident memory (Linux): the pages of SQLite's memory-mapped database file. */
function fileBackedMb(): number {
  try {
    return Number(/RssFile:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The peak RSS above the level at the start, sampled while `work` runs (on a timer, and at every write of toFile). */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; growthMb: number; baseMb: number; fileMb: number }> {
  collect();
  const base = process.memoryUsage.rss();
  const fileBase = fileBackedMb();
  peak = base;
  const timer = setInterval(sample, 20);
  const started = performance.now();
  try {
    const result = await work();
    sample();
    return { result, seconds: (performance.now() - started) / 1000, growthMb: (peak - base) / MiB, baseMb: base / MiB, fileMb: fileBackedMb() - fileBase };
  } finally {
    clearInterval(timer);
  }
}

async function toFile(path: string, write: (out: Writable) => Promise<number>): Promise<number> {
  const out = createWriteStream(path);
  const write_ = out.write.bind(out);
  out.write = ((chunk: unknown, ...rest: unknown[]) => {
    sample();
    return (write_ as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof out.write;
  const count = await write(out);
  out.end();
  await finished(out);
  return count;
}

function openApp(env: Record<string, string>): Promise<App> {
  return createApp(loadConfig({ LOG_LEVEL: 'warn', SEED: 'none', ABUSE_LIMITS: 'disabled', ...env }));
}

const rate = (count: number, seconds: number) => Math.round(count / seconds).toLocaleString('en-US');
const say = (line: string) => console.log(line);
const postgresUrl = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
}

/** The bench data in PostgreSQL's schema `bench_<size>`, seeded with scripts/seed.ts unless it already holds the candidates. */
async function postgresSource(size: string, candidates: number, dataDir: string): Promise<App> {
  const env = { DATA_DIR: dataDir, DATABASE_URL: postgresUrl, DATABASE_SCHEMA: `bench_${size}`, DATABASE_STATEMENT_TIMEOUT_MS: '0' };
  const app = await openApp(env);
  if ((await app.services.documents.count({ databaseId: 'main', collectionId: 'candidates' })) >= Math.min(candidates, 5000)) return app;
  await app.close();
  say(`seeding ${size} into PostgreSQL schema ${env.DATABASE_SCHEMA} (several minutes for 1M candidates)`);
  const seeded = spawnSync(process.execPath, ['scripts/seed.ts', '--size', size, '--reset'], { cwd: REPO_ROOT, env: { ...process.env, ...env, SEED: 'none', LOG_LEVEL: 'warn' }, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('scripts/seed.ts failed');
  return openApp(env);
}

/** Exports from `source`: candidates as CSV (`rounds` times) and the whole directory as Popolo; returns the RSS growths. */
async function exportFrom(label: string, source: App, dir: string, rounds: string[]): Promise<number[]> {
  const growths: number[] = [];
  for (const round of rounds) {
    const path = join(dir, 'candidates.csv');
    const csv = await measured(() => toFile(path, (out) => exportCollectionCsv(source.services, 'candidates', out)));
    say(`export ${label}, CSV of the candidates${round}: ${csv.result.toLocaleString('en-US')} rows in ${csv.seconds.toFixed(1)} s (${rate(csv.result, csv.seconds)} rows/s), ${(statSync(path).size / MiB).toFixed(0)} MiB; RSS ${csv.baseMb.toFixed(0)} MB before, + ${csv.growthMb.toFixed(1)} MB at peak (file-backed: + ${csv.fileMb.toFixed(0)} MB)`);
    growths.push(csv.growthMb);
  }
  const path = join(dir, 'popolo.json');
  const popolo = await measured(() => toFile(path, async (out) => Object.values(await exportPopolo(source.services, out)).reduce((sum, count) => sum + count, 0)));
  say(`export ${label}, Popolo JSON of the whole directory: ${popolo.result.toLocaleString('en-US')} items in ${popolo.seconds.toFixed(1)} s (${rate(popolo.result, popolo.seconds)} items/s), ${(statSync(path).size / MiB).toFixed(0)} MiB; RSS ${popolo.baseMb.toFixed(0)} MB before, + ${popolo.growthMb.toFixed(1)} MB at peak`);
  growths.push(popolo.growthMb);
  return growths;
}

/** The import's input: every other collection whole, the candidates cut to `rows` records. */
async function importInput(source: App, exported: string, dir: string, rows: number): Promise<void> {
  for (const collectionId of DIRECTORY_COLLECTIONS) {
    if (collectionId !== 'candidates') await toFile(join(dir, `${collectionId}.csv`), (out) => exportCollectionCsv(source.services, collectionId, out));
  }
  await toFile(join(dir, 'candidates.csv'), async (out) => {
    let kept = -1;
    let batch: (string | null)[][] = [];
    for await (const record of readCsvRecords(createReadStream(exported, { encoding: 'utf8' }))) {
      if (!('cells' in record) || kept >= rows) break;
      batch.push(record.cells);
      kept++;
      if (batch.length >= 1000) {
        out.write(csvText(batch));
        batch = [];
      }
    }
    out.write(csvText(batch));
    return kept;
  });
}

async function importInto(engine: string, dir: string, work: string): Promise<void> {
  const schema = `bench_import_${process.pid}`;
  const target = await openApp(engine === 'postgres' ? { DATA_DIR: join(work, 'pg-data'), DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema, DATABASE_STATEMENT_TIMEOUT_MS: '0' } : { DATA_DIR: join(work, 'sqlite-data') });
  try {
    const files = describeImportFiles(target.services.schema, DIRECTORY_COLLECTIONS.map((collectionId) => join(dir, `${collectionId}.csv`)), {});
    for (const [label, write] of [['dry run into the empty database', false], ['write, with history records', true], ['the same files again, all unchanged', true]] as const) {
      const run = await measured(() => importFiles(target.services, files, { write }));
      const summary: ImportSummary = run.result;
      say(`import ${engine}, ${label}: ${summary.rows.toLocaleString('en-US')} rows (${summary.create} create, ${summary.update} update, ${summary.unchanged} unchanged, ${summary.refused} refused) in ${run.seconds.toFixed(1)} s = ${rate(summary.rows, run.seconds)} rows/s; RSS + ${run.growthMb.toFixed(1)} MB at peak`);
    }
  } finally {
    await target.close();
    if (engine === 'postgres') await dropSchema(schema);
  }
}

const dataset = await prepareDataset(values.size!);
const candidates = Number(/candidates (\d+)/.exec(dataset.seedSummary)?.[1] ?? 0);
const work = mkdtempSync(join(tmpdir(), 'directory-io-bench-'));
const limited: number[] = [];
try {
  const exportDir = join(work, 'export');
  const importDir = join(work, 'import');
  for (const dir of [exportDir, importDir]) mkdirSync(dir);
  say(`data set: ${dataset.seedSummary}`);
  const sqlite = await openApp({ DATA_DIR: dataset.dataDir });
  try {
    const [, warm, popolo] = await exportFrom('SQLite', sqlite, exportDir, [' (cold: the database caches fill)', ' (warm)']);
    limited.push(warm!, popolo!);
    await importInput(sqlite, join(exportDir, 'candidates.csv'), importDir, importRows);
  } finally {
    await sqlite.close();
  }
  const postgres = await postgresAnswers();
  if (postgres) {
    const source = await postgresSource(values.size!, candidates, join(work, 'pg-source'));
    try {
      limited.push(...(await exportFrom('PostgreSQL', source, exportDir, [''])));
    } finally {
      await source.close();
    }
  } else say(`PostgreSQL does not answer at ${postgresUrl}: its export and import are skipped`);

  for (const engine of values.engine === 'both' ? ['sqlite', 'postgres'] : [values.engine!]) {
    if (engine === 'postgres' && !postgres) continue;
    await importInto(engine, importDir, work);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const worst = Math.max(...limited);
say(worst < MEMORY_LIMIT_MB ? `ok: the exports (warm SQLite, PostgreSQL) grew RSS by at most ${worst.toFixed(1)} MB (limit ${MEMORY_LIMIT_MB} MB)` : `FAIL: an export grew RSS by ${worst.toFixed(1)} MB (limit ${MEMORY_LIMIT_MB} MB)`);
process.exitCode = worst < MEMORY_LIMIT_MB ? 0 : 1;
