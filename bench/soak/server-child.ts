/**
 * The server under soak: `scripts/start.ts` in a process of its own, as `npm start` runs it (schema,
 * demo data, site and API on one port), so its memory and CPU are its own. Its output goes to a
 * log file in its data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from '@ballot-atlas/shared/node/free-port';
import { join } from 'node:path';

export interface ServerChild {
  url: string;
  pid: number;
  logFile: string;
  /** Exits 0 on SIGTERM (graceful shutdown); resolves with the exit code. */
  stop(): Promise<number | null>;
  exited(): boolean;
}

async function waitUntilHealthy(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    try {
      const response = await fetch(`${url}/v1/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /v1/health within ${timeoutMs / 1000} s (log: ${logFile})`);
}

export async function startServerChild(repoRoot: string, dataDir: string, env: Record<string, string>, nodeArgs: readonly string[] = []): Promise<ServerChild> {
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeArgs, join(repoRoot, 'scripts', 'start.ts')], { cwd: repoRoot, env, stdio: ['ignore', log, log] });
  closeSync(log);
  const url = `http://127.0.0.1:${env['PORT']}`;
  try {
    await waitUntilHealthy(url, child, logFile, 180_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    logFile,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.once('exit', (code) => {
          clearTimeout(force);
          resolve(code);
        });
        child.kill('SIGTERM');
      }),
  };
}
