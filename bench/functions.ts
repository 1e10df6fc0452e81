/**
 * Functions benchmark (issue 13), through the executions API of our server on the benchmark's data set:
 *  - the PDF export of the district with the most candidates, by the real `export-pdf` function as an
 *    async execution: wall time from the create call to `completed`, pages per second, and the peak
 *    resident size (VmHWM) of the worker process;
 *  - an empty sync function: executions per second through the API, cold (a worker started for each:
 *    every run is another function, the pool holds one worker) and warm, next to the same function
 *    straight through the pool and a bare child_process round trip (bench/function-runtime.ts).
 *
 * `npx node bench/functions.ts [--size large] [--exports 2] [--cold 30] [--warm 500]`, or
 * `npm run bench -- --functions`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { FIXTURE_FUNCTIONS } from '../apps/api/src/functions/runtime/test-fixtures.ts';
import { startServer, type ServerChild } from './children.ts';
import { measureRuntime, perSecond, RATE_HEADER, rateRow, type RuntimeRates } from './function-runtime.ts';
import { prepareDataset, REPO_ROOT, SQLITE_NAME } from './prepare.ts';

export interface FunctionsBenchOptions {
  size: string;
  /** PDF exports of the biggest district, one after another (the first starts the worker). */
  exports: number;
  coldRuns: number;
  warmRuns: number;
  log(line: string): void;
}

export interface ExportFigures {
  wallSeconds: number;
  /** The execution's own `duration`. */
  durationSeconds: number;
  pages: number;
  bytes: number;
  workerPeakRssMb: number;
}

export interface FunctionsBenchResult {
  district: { id: string; name: string; candidates: number };
  exports: ExportFigures[];
  apiCold: number;
  apiWarm: number;
  runtime: RuntimeRates;
}

export const FUNCTIONS_BENCH_DEFAULTS = { exports: 2, coldRuns: 30, warmRuns: 500 };
const EMPTY_PREFIX = 'bench-empty-';
const POLL_MS = 100;
const MAX_TIMEOUT_SECONDS = 900;
interface SiteSchema {
  projectId: string;
  functions: ({ $id: string; path?: string; timeout?: number } & Record<string, unknown>)[];
}
const readSiteSchema = () => JSON.parse(readFileSync(join(REPO_ROOT, 'appwrite.json'), 'utf8')) as SiteSchema;
const DECLARED_EXPORT_TIMEOUT = readSiteSchema().functions.find((fn) => fn.$id === 'export-pdf')?.timeout ?? 15;

/**
 * appwrite.json with absolute function folders, `emptyFunctions` empty functions
 * (apps/api/test/fixtures/functions/runtime/empty.js), and Appwrite's longest timeout for
 * export-pdf, so that an export of the 1M data set's biggest district is measured even when it
 * takes longer than the declared timeout (the report says when it did).
 */
function benchSchema(directory: string, emptyFunctions: number): string {
  const schema = readSiteSchema();
  for (const fn of schema.functions) fn.path = resolve(REPO_ROOT, fn.path ?? `functions/${fn.$id}`);
  schema.functions.find((fn) => fn.$id === 'export-pdf')!.timeout = MAX_TIMEOUT_SECONDS;
  for (let index = 0; index < emptyFunctions; index += 1) {
    schema.functions.push({ $id: `${EMPTY_PREFIX}${index}`, name: `Empty ${index}`, runtime: 'node-22', execute: ['any'], timeout: 15, entrypoint: 'empty.js', path: join(FIXTURE_FUNCTIONS, 'runtime') });
  }
  const file = join(directory, 'appwrite.json');
  writeFileSync(file, JSON.stringify(schema));
  return file;
}

function biggestDistrict(dataDir: string): FunctionsBenchResult['district'] {
  const database = new Database(join(dataDir, SQLITE_NAME), { readonly: true });
  try {
    const top = database.prepare(`select "districtId" as id, count(*) as candidates from main_candidates where "districtId" <> '' group by "districtId" order by candidates desc, id limit 1`).get() as { id: string; candidates: number };
    const district = database.prepare('select name from main_districts where _uid = ?').get(top.id) as { name: string } | undefined;
    return { ...top, name: district?.name ?? top.id };
  } finally {
    database.close();
  }
}

/** The peak resident size (VmHWM, MB) of each running child of `parentPid`. */
function childPeaks(parentPid: number): Map<number, number> {
  const peaks = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== parentPid) continue;
      const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
      peaks.set(Number(entry), kb / 1024);
    } catch {
      // The process ended while being read.
    }
  }
  return peaks;
}

interface Execution {
  $id: string;
  status: string;
  responseStatusCode: number;
  responseBody: string;
  logs: string;
  errors: string;
  duration: number;
}

function apiClient(server: ServerChild, projectId: string, apiKey: string) {
  const headers = { 'content-type': 'application/json', 'x-appwrite-project': projectId, 'x-appwrite-key': apiKey };
  const call = async (method: string, path: string, body?: unknown): Promise<Execution> => {
    const response = await fetch(`${server.baseUrl}/v1${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    const json = (await response.json()) as Execution & { message?: string };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message}`);
    return json;
  };
  return {
    execute: (functionId: string, body: string, async: boolean) => call('POST', `/functions/${functionId}/executions`, { body, async, path: '/', method: 'POST' }),
    get: (functionId: string, executionId: string) => call('GET', `/functions/${functionId}/executions/${executionId}`),
  };
}

async function exportDistrict(client: ReturnType<typeof apiClient>, server: ServerChild, districtId: string): Promise<ExportFigures> {
  const peaks = new Map<number, number>();
  const sample = () => {
    for (const [pid, mb] of childPeaks(server.pid)) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, mb));
  };
  const started = performance.now();
  let execution = await client.execute('export-pdf', JSON.stringify({ kind: 'district', id: districtId, language: 'en' }), true);
  while (execution.status !== 'completed' && execution.status !== 'failed') {
    sample();
    await new Promise((done) => setTimeout(done, POLL_MS));
    execution = await client.get('export-pdf', execution.$id);
  }
  const wallSeconds = (performance.now() - started) / 1000;
  sample();
  if (execution.status !== 'completed') throw new Error(`the export failed: ${execution.errors}`);
  const done = /: (\d+) pages, (\d+) bytes in/.exec(execution.logs);
  if (!done) throw new Error(`the export's logs do not say how many pages it made:\n${execution.logs}`);
  return { wallSeconds, durationSeconds: execution.duration, pages: Number(done[1]), bytes: Number(done[2]), workerPeakRssMb: Math.max(0, ...peaks.values()) };
}

export async function runFunctionsBench(options: FunctionsBenchOptions): Promise<FunctionsBenchResult> {
  const { log } = options;
  const dataset = await prepareDataset(options.size, log);
  const district = biggestDistrict(dataset.dataDir);
  log(`district with the most candidates: ${district.name} (${district.id}), ${district.candidates} candidates`);
  const scratch = mkdtempSync(join(tmpdir(), 'bench-functions-'));
  const apiKey = randomBytes(24).toString('hex');
  const { projectId } = readSiteSchema();
  const settings = { SCHEMA_FILE: benchSchema(scratch, options.coldRuns), API_KEY: apiKey, FUNCTIONS_WORKERS: '1', PROJECT_ID: projectId };
  const server = await startServer('ours', join(REPO_ROOT, 'bench/servers/ours.ts'), [dataset.dataDir, JSON.stringify(settings)]);
  try {
    const client = apiClient(server, projectId, apiKey);
    const exports: ExportFigures[] = [];
    for (let run = 0; run < options.exports; run += 1) {
      const figures = await exportDistrict(client, server, district.id);
      log(`export ${run + 1}: ${figures.pages} pages, ${(figures.bytes / 1e6).toFixed(1)} MB in ${figures.wallSeconds.toFixed(1)} s wall (execution ${figures.durationSeconds.toFixed(1)} s), worker peak RSS ${figures.workerPeakRssMb.toFixed(0)} MB`);
      exports.push(figures);
    }
    const emptyRun = async (functionId: string) => {
      const execution = await client.execute(functionId, '', false);
      if (execution.responseStatusCode !== 204) throw new Error(`${functionId}: ${execution.responseStatusCode} ${execution.errors}`);
    };
    // Each run is another function: the one worker the pool holds is replaced every time.
    const apiCold = await perSecond(options.coldRuns, (index) => emptyRun(`${EMPTY_PREFIX}${index}`));
    await emptyRun(`${EMPTY_PREFIX}0`);
    const apiWarm = await perSecond(options.warmRuns, () => emptyRun(`${EMPTY_PREFIX}0`));
    await server.stop();
    const runtime = await measureRuntime(options.coldRuns, options.warmRuns);
    const result = { district, exports, apiCold, apiWarm, runtime };
    log(report(result));
    return result;
  } finally {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

export function report(result: FunctionsBenchResult): string {
  const exportRows = result.exports.map((figures, index) =>
    `| ${index + 1}${index === 0 ? ' (cold worker)' : ''} | ${figures.pages} | ${(figures.bytes / 1e6).toFixed(1)} MB | ${figures.wallSeconds.toFixed(1)} s | ${figures.durationSeconds.toFixed(1)} s | ${(figures.pages / figures.wallSeconds).toFixed(1)} | ${figures.workerPeakRssMb.toFixed(0)} MB |`);
  const { runtime } = result;
  return [
    `PDF export of district ${result.district.name} (${result.district.id}, ${result.district.candidates} candidates), async execution through the API:`,
    '',
    `| run | pages | PDF | wall (create → completed) | execution duration (declared timeout ${DECLARED_EXPORT_TIMEOUT} s) | pages/s (wall) | worker peak RSS |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    ...exportRows,
    '',
    'Empty sync function:',
    '',
    ...RATE_HEADER,
    rateRow('bare child_process: spawn, one IPC round trip, exit (cold floor)', runtime.bareCold),
    rateRow('pool: empty function, cold worker', runtime.poolCold),
    rateRow('API: sync execution, cold worker', result.apiCold),
    rateRow('bare child_process: IPC round trip to a running process (warm floor)', runtime.bareWarm),
    rateRow('pool: empty function, warm worker', runtime.poolWarm),
    rateRow('API: sync execution, warm worker', result.apiWarm),
  ].join('\n');
}

if (import.meta.main) {
  const defaults = FUNCTIONS_BENCH_DEFAULTS;
  const { values } = parseArgs({ options: { size: { type: 'string', default: 'large' }, exports: { type: 'string', default: String(defaults.exports) }, cold: { type: 'string', default: String(defaults.coldRuns) }, warm: { type: 'string', default: String(defaults.warmRuns) } } });
  await runFunctionsBench({ size: values.size, exports: Number(values.exports), coldRuns: Number(values.cold), warmRuns: Number(values.warm), log: console.log });
}
