/**
 * `npx node bench/function-runtime.ts`: executions per second of an empty function through the
 * worker pool (apps/api/src/functions/runtime), cold (a new process each time) and warm (one
 * process reused), against a bare child_process round trip as the floor. Sequential, one at a time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { FunctionPool } from '../apps/api/src/functions/runtime/function-pool.ts';
import { fixtureFunction } from '../apps/api/src/functions/runtime/test-fixtures.ts';

const COLD_RUNS = 40;
const WARM_RUNS = 2000;
const ECHO = "process.on('message', (message) => process.send(message)); process.send('ready');";

function startBare(): ChildProcess {
  return spawn(process.execPath, ['-e', ECHO], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced', env: {} });
}

async function roundTrip(child: ChildProcess): Promise<void> {
  child.send({ body: Buffer.alloc(0) });
  await once(child, 'message');
}

async function perSecond(runs: number, run: (index: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < runs; index += 1) await run(index);
  return runs / ((performance.now() - started) / 1000);
}

const bareCold = await perSecond(COLD_RUNS, async () => {
  const child = startBare();
  await once(child, 'message');
  await roundTrip(child);
  child.kill();
  await once(child, 'exit');
});
const warmChild = startBare();
await once(warmChild, 'message');
const bareWarm = await perSecond(WARM_RUNS, () => roundTrip(warmChild));
warmChild.kill();

const fn = fixtureFunction('empty.js');
const pool = new FunctionPool({ size: 1, idleTimeoutMs: 60_000, projectId: 'bench', apiEndpoint: 'http://127.0.0.1/v1' });
const execute = (env: Record<string, string>) => async () => {
  const result = await pool.execute({ fn, request: { method: 'POST', path: '/', headers: {}, body: Buffer.alloc(0) }, env });
  if (result.statusCode !== 204) throw new Error(`unexpected ${result.statusCode}: ${result.errors}`);
};
// A different environment each time means a new worker each time (the pool holds one).
const poolCold = await perSecond(COLD_RUNS, (index) => execute({ RUN: String(index) })());
await execute({})();
const poolWarm = await perSecond(WARM_RUNS, execute({}));
await pool.close();

const row = (name: string, value: number) => `| ${name} | ${value.toFixed(1)} | ${(1000 / value).toFixed(2)} |`;
console.log(['| sequential, one at a time | per second | ms each |', '|---|---:|---:|',
  row('bare child_process: spawn, one IPC round trip, exit (cold floor)', bareCold),
  row('empty function, cold worker (spawn, permission model, import, run)', poolCold),
  row('bare child_process: IPC round trip to a running process (warm floor)', bareWarm),
  row('empty function, warm worker', poolWarm)].join('\n'));
