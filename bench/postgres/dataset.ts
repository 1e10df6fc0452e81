/**
 * The benchmark data set on PostgreSQL: one database per size (`ballot_bench_<size>`), seeded once
 * by scripts/seed.ts into its `ballot` schema and reused while the marker row (written only after a
 * complete seed) names the same size.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { BENCH_CACHE, REPO_ROOT } from '../prepare.ts';

export const POSTGRES_SERVER_URL = process.env['BENCH_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432';
export const BENCH_SCHEMA = 'ballot';
const MARKER_TABLE = 'bench_dataset';
/** Advisory lock key held while a data set is checked or seeded (any number unique to this script). */
const SEED_LOCK = 7_318_001;

export interface PostgresDataset {
  databaseUrl: string;
  schema: string;
  /** DATA_DIR for our server (files, caches): the rows themselves live in PostgreSQL. */
  dataDir: string;
  size: string;
  seedSeconds: number;
  /** Sum of the schema's relation sizes after the seed. */
  bytes: number;
  seedSummary: string;
  createdAt: string;
  reused: boolean;
}

export function databaseName(size: string): string {
  if (!/^(large|demo|\d+)$/.test(size)) throw new Error(`--size must be large, demo or a candidate count, got "${size}"`);
  return `ballot_bench_${size}`;
}

export function databaseUrl(database: string): string {
  return `${POSTGRES_SERVER_URL}/${database}`;
}

/** Creates `database` unless it exists (CREATE DATABASE has no IF NOT EXISTS). */
export async function ensureDatabase(database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await admin.query(`create database "${database}"`);
  } finally {
    await admin.end();
  }
}

/** Returns the cached PostgreSQL data set for `size`, seeding it first when missing or incomplete. */
export async function preparePostgresDataset(size: string, log: (line: string) => void = console.log): Promise<PostgresDataset> {
  const database = databaseName(size);
  const url = databaseUrl(database);
  const dataDir = join(BENCH_CACHE, `postgres-${size}`);
  mkdirSync(dataDir, { recursive: true });
  await ensureDatabase(database);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A second preparer (bench/parse/setup.sh beside a bench run) waits here, then reuses the seed.
    await client.query('select pg_advisory_lock($1)', [SEED_LOCK]);
    await client.query(`create table if not exists public.${MARKER_TABLE} (size text primary key, seed_seconds double precision not null, bytes bigint not null, summary text not null, created_at timestamptz not null default now())`);
    const { rows } = await client.query<{ seed_seconds: number; bytes: string; summary: string; created_at: Date }>(`select seed_seconds, bytes, summary, created_at from public.${MARKER_TABLE} where size = $1`, [size]);
    const saved = rows[0];
    if (saved) {
      log(`dataset: reusing PostgreSQL ${database}.${BENCH_SCHEMA} (${size}, seeded ${saved.created_at.toISOString()} in ${saved.seed_seconds.toFixed(1)} s)`);
      return { databaseUrl: url, schema: BENCH_SCHEMA, dataDir, size, seedSeconds: saved.seed_seconds, bytes: Number(saved.bytes), seedSummary: saved.summary, createdAt: saved.created_at.toISOString(), reused: true };
    }
    log(`dataset: seeding ${size} into PostgreSQL ${database}.${BENCH_SCHEMA} (scripts/seed.ts; long for 1M candidates)`);
    const output = await runSeed(url, dataDir, size, log);
    const timeLine = /time ([\d.]+) s, database ([\d.]+) MiB/.exec(output);
    if (!timeLine) throw new Error(`scripts/seed.ts did not report its time:\n${output}`);
    const summary = output.split('\n').find((line) => line.startsWith('seeded ')) ?? '';
    // Statistics for the planner, and a visibility map for index-only counts, before the first measured query.
    await client.query(`vacuum analyze`);
    const seedSeconds = Number(timeLine[1]);
    const bytes = Math.round(Number(timeLine[2]) * 1024 * 1024);
    const inserted = await client.query<{ created_at: Date }>(`insert into public.${MARKER_TABLE} (size, seed_seconds, bytes, summary) values ($1, $2, $3, $4) returning created_at`, [size, seedSeconds, bytes, summary]);
    return { databaseUrl: url, schema: BENCH_SCHEMA, dataDir, size, seedSeconds, bytes, seedSummary: summary, createdAt: inserted.rows[0]!.created_at.toISOString(), reused: false };
  } finally {
    await client.end();
  }
}

function runSeed(url: string, dataDir: string, size: string, log: (line: string) => void): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['scripts/seed.ts', '--size', size, '--reset'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: url, DATABASE_SCHEMA: BENCH_SCHEMA, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED: 'none' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      for (const line of chunk.split('\n')) if (line.trim()) log(`  ${line}`);
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise(output) : reject(new Error(`scripts/seed.ts exited with ${code}`))));
  });
}

if (import.meta.main) {
  const dataset = await preparePostgresDataset(process.argv[2] ?? 'large');
  console.log(JSON.stringify(dataset, null, 2));
}
