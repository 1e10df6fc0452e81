/**
 * The benchmark data set: a SQLite data dir seeded by scripts/seed.ts, cached under .bench/ and
 * reused while its marker (written only after a complete seed) names the same size.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..');
export const BENCH_CACHE = join(REPO_ROOT, '.bench');
export const SQLITE_NAME = 'ballot-atlas.sqlite';

export interface Dataset {
  dataDir: string;
  file: string;
  size: string;
  /** Seed wall time in seconds, as reported by scripts/seed.ts when the cache was built. */
  seedSeconds: number;
  /** Database file size in bytes after the seed's WAL checkpoint. */
  bytes: number;
  seedSummary: string;
  createdAt: string;
  reused: boolean;
}

type Marker = Omit<Dataset, 'reused' | 'dataDir' | 'file'>;

function markerPath(dataDir: string): string {
  return join(dataDir, 'bench-dataset.json');
}

export function datasetDir(size: string): string {
  return join(BENCH_CACHE, `sqlite-${size}`);
}

/** Returns the cached data set for `size`, seeding it first when missing or incomplete. */
export async function prepareDataset(size: string, log: (line: string) => void = console.log): Promise<Dataset> {
  const dataDir = datasetDir(size);
  const file = join(dataDir, SQLITE_NAME);
  const marker = markerPath(dataDir);
  if (existsSync(marker) && existsSync(file)) {
    const saved = JSON.parse(readFileSync(marker, 'utf8')) as Marker;
    if (saved.size === size) {
      log(`dataset: reusing ${file} (${size}, seeded ${saved.createdAt} in ${saved.seedSeconds.toFixed(1)} s)`);
      return { ...saved, dataDir, file, reused: true };
    }
  }
  rmSync(marker, { force: true });
  mkdirSync(dataDir, { recursive: true });
  log(`dataset: seeding ${size} into ${dataDir} (a few minutes for 1M candidates)`);
  const output = await runSeed(dataDir, size, log);
  const timeLine = /time ([\d.]+) s, database ([\d.]+) MiB/.exec(output);
  const seededLine = output.split('\n').find((line) => line.startsWith('seeded ')) ?? '';
  if (!timeLine) throw new Error(`scripts/seed.ts did not report its time:\n${output}`);
  const saved: Marker = {
    size,
    seedSeconds: Number(timeLine[1]),
    bytes: statSync(file).size,
    seedSummary: seededLine,
    createdAt: new Date().toISOString(),
  };
  writeFileSync(marker, `${JSON.stringify(saved, null, 2)}\n`);
  return { ...saved, dataDir, file, reused: false };
}

function runSeed(dataDir: string, size: string, log: (line: string) => void): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['scripts/seed.ts', '--size', size, '--reset'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED: 'none' },
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
  const size = process.argv[2] ?? 'large';
  const dataset = await prepareDataset(size);
  console.log(JSON.stringify(dataset, null, 2));
}
