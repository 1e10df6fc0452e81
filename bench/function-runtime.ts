/**
 * `npx node bench/function-runtime.ts`: executions per second of an empty function through the
 * worker pool (apps/api/src/functions/runtime), cold (a new process each time) and warm (one
 * process reused), against a bare child_process round trip as the floor. Sequential, one at a time.
 * bench/functions.ts adds the same function through the executions API and the PDF export.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { FunctionPool } from '../apps/api/src/functions/runtime/function-pool.ts';
import { fixtureFunction } from '../apps/api/src/functions/runtime/test-fixtures.ts';

export const COLD_RUNS = 40;
export const WARM_RUNS = 2000;
const ECHO = "process.on('message', (message) => process.send(message)); process.send('ready');";

function startBare(): ChildProcess {
  return spawn(process.execPath, ['-e', ECHO], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced', env: {} });
}

async function roundTrip(child: ChildProcess): Promise<void> {
  child.send({ body: Buffer.alloc(0) });
  await once(child, 'message');
}

/** Runs `run` `runs` times one after another; answers runs per second. */
export async function perSecond(runs: number, run: (index: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < runs; index += 1) await run(index);
  return runs / ((performance.now() - started) / 1000);
}

export interface RuntimeRates {
  /** Bare child_process: spawn, one IPC round trip, exit. */
  bareCold: number;
  /** Bare child_process: one IPC round trip to a running process. */
  bareWarm: number;
  /** The empty function through the pool, a new worker each time. */
  poolCold: number;
  poolWarm: number;
}

export async function measureRuntime(coldRuns = COLD_RUNS, warmRuns = WARM_RUNS): Promise<RuntimeRates> {
  const bareCold = await perSecond(coldRuns, async () => {
    const child = startBare();
    await once(child, 'message');
    await roundTrip(child);
    child.kill();
    await once(child, 'exit');
  });
  const warmChild = startBare();
  await once(warmChild, 'message');
  const bareWarm = await perSecond(warmRuns, () => roundTrip(warmChild));
  warmChild.kill();

  const fn = fixtureFunction('empty.js');
  const pool = new FunctionPool({ size: 1, idleTimeoutMs: 60_000, projectId: 'bench', apiEndpoint: 'http://127.0.0.1/v1' });
  const execute = (env: Record<string, string>) => async () => {
    const result = await pool.execute({ fn, request: { method: 'POST', path: '/', headers: {}, body: Buffer.alloc(0) }, env });
    if (result.statusCode !== 204) throw new Error(`unexpected ${result.statusCode}: ${result.errors}`);
  };
  // A different environment each time means a new worker each time (the pool holds one).
  const poolCold = await perSecond(coldRuns, (index) => execute({ RUN: String(index) })());
  await execute({})();
  const poolWarm = await perSecond(warmRuns, execute({}));
  await pool.close();
  return { bareCold, bareWarm, poolCold, poolWarm };
}

export const rateRow = (name: string, value: number) => `| ${name} | ${value.toFixed(1)} | ${(1000 / value).toFixed(2)} |`;
export const RATE_HEADER = ['| sequential, one at a time | per second | ms each |', '|---|---:|---:|'];

if (import.meta.main) {
  const rates = await measureRuntime();
  console.log([...RATE_HEADER,
    rateRow('bare child_process: spawn, one IPC round trip, exit (cold floor)', rates.bareCold),
    rateRow('empty function, cold worker (spawn, permission model, import, run)', rates.poolCold),
    rateRow('bare child_process: IPC round trip to a running process (warm floor)', rates.bareWarm),
    rateRow('empty function, warm worker', rates.poolWarm)].join('\n'));
}
