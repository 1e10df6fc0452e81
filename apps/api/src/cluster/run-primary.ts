import cluster, { type Worker } from 'node:cluster';
import type { PrimaryLog } from './primary-log.ts';
import { PrimaryRelay, send } from './primary-relay.ts';

export interface PrimaryOptions {
  workers: number;
  /** Where the workers listen, for the start-up line. */
  address: string;
  log: PrimaryLog;
  /** Workers dying before they listen, one after the other, before the primary gives up. */
  maxStartFailures?: number;
}

const DEFAULT_MAX_START_FAILURES = 5;
const FIRST_RESPAWN_DELAY_MS = 100;
const MAX_RESPAWN_DELAY_MS = 10_000;
/** A worker that served this long before dying is replaced at once, not after a back-off. */
const HEALTHY_UPTIME_MS = 30_000;

/**
 * The cluster's primary: it serves nothing itself. It starts one worker and waits until it
 * listens (that one applies the schema and seeds), so a configuration or schema error is
 * reported once; then it starts the rest. A worker that dies is replaced, later each time it
 * happens in a row; one that keeps dying before it listens makes the primary give up (exit 1).
 * SIGTERM/SIGINT: every worker drains, then the primary exits 0.
 */
export function runPrimary(options: PrimaryOptions): void {
  const { log } = options;
  const maxStartFailures = options.maxStartFailures ?? DEFAULT_MAX_START_FAILURES;
  const relay = new PrimaryRelay();
  const live = new Set<Worker>();
  const listening = new WeakMap<Worker, number>();
  const respawns = new Set<NodeJS.Timeout>();
  let stopping = false;
  let exitCode = 0;
  let startFailures = 0;
  let deathsInARow = 0;
  let anyListened = false;

  const stopAll = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of respawns) clearTimeout(timer);
    respawns.clear();
    log.info(`cluster: ${reason}: draining ${live.size} workers`);
    for (const worker of live) {
      // A worker still starting listens to no message yet and has nothing to drain.
      if (worker.isConnected() && listening.has(worker)) send(worker, { ballot: 'shutdown', reason });
      else worker.process.kill('SIGTERM');
    }
    if (live.size === 0) process.exit(exitCode);
  };

  const fork = (onListening?: (worker: Worker) => void): Worker => {
    const worker = cluster.fork();
    live.add(worker);
    relay.attach(worker);
    worker.once('listening', () => {
      listening.set(worker, performance.now());
      startFailures = 0;
      anyListened = true;
      onListening?.(worker);
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (live.size === 0) {
          log.info(`cluster: all workers stopped`);
          process.exit(exitCode);
        }
        return;
      }
      const since = listening.get(worker);
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      if (since === undefined) {
        startFailures++;
        if (!anyListened || startFailures >= maxStartFailures) {
          log.error(startFailures >= maxStartFailures ? `cluster: ${startFailures} workers in a row died before listening (last: ${how}); giving up` : `cluster: the first worker could not start (${how}); not starting the others`);
          stopAll('start-up failed', 1);
          return;
        }
      }
      deathsInARow = since !== undefined && performance.now() - since >= HEALTHY_UPTIME_MS ? 0 : deathsInARow + 1;
      const delay = deathsInARow === 0 ? 0 : Math.min(MAX_RESPAWN_DELAY_MS, FIRST_RESPAWN_DELAY_MS * 2 ** (deathsInARow - 1));
      log.warn(`cluster: worker ${worker.process.pid} died (${how}); starting a replacement in ${delay} ms`);
      const timer = setTimeout(() => {
        respawns.delete(timer);
        fork((replacement) => log.info(`cluster: worker ${replacement.process.pid} listening in place of ${worker.process.pid}`));
      }, delay);
      respawns.add(timer);
    });
    return worker;
  };

  let stopSignals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    stopSignals++;
    if (stopSignals === 1) {
      stopAll(signal, 0);
      return;
    }
    // A second signal: the workers' own second-signal rule ends them at once.
    log.warn(`cluster: ${signal} again, ending the workers without waiting`);
    exitCode = 1;
    for (const worker of live) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  fork(() => {
    if (stopping) return;
    for (let started = 1; started < options.workers; started++) fork(() => announceWhenAllListen());
    announceWhenAllListen();
  });

  let announced = false;
  function announceWhenAllListen(): void {
    if (announced || stopping) return;
    const ready = [...live].filter((worker) => listening.has(worker)).length;
    if (ready < options.workers) return;
    announced = true;
    log.info(`cluster: ${options.workers} workers listening on ${options.address} (primary pid ${process.pid}, workers ${[...live].map((worker) => worker.process.pid).join(', ')})`);
  }
}
