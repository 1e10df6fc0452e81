/**
 * The real server entry (apps/api/src/main.ts) in its own process with the environment an
 * operator would give it; ready once /v1/health answers.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { httpCall } from './http-call.ts';

const MAIN = fileURLToPath(new URL('../../../../src/main.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));

export interface ServerProcess {
  readonly port: number;
  /** http://127.0.0.1:PORT/v1 */
  readonly endpoint: string;
  readonly pid: number;
  /** Everything it printed so far. */
  output(): string;
  running(): boolean;
  /** Sends the signal and resolves once the process has exited. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
}

export async function startServerProcess(port: number, env: Record<string, string>, readyWithinMs = 90_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, [MAIN], { cwd: REPO_ROOT, env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/root', ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited = false;
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const endpoint = `http://127.0.0.1:${port}/v1`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (exited) throw new Error(`the server on port ${port} exited before it was ready:\n${output.slice(-4000)}`);
    const status = await httpCall(`${endpoint}/health`, { timeoutMs: 2_000 }).then((reply) => reply.status, () => 0);
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server on port ${port} was not ready within ${readyWithinMs} ms:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    port,
    endpoint,
    pid: child.pid!,
    output: () => output,
    running: () => !exited,
    async stop(signal) {
      if (!exited) child.kill(signal);
      await exit;
    },
  };
}
