/**
 * Starts child-server.ts in its own process on data that outlives it, so a test can kill it with
 * SIGKILL (or stop it with SIGTERM) and start another on what it left.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Engine } from './test-server.ts';

const CHILD_SERVER = fileURLToPath(new URL('./child-server.ts', import.meta.url));

export interface SpawnedServerData {
  dataDir: string;
  pgSchema: string;
  schemaFile?: string;
  env?: Record<string, string>;
  /** Write the demo data (the env's SEED) when the database is empty, as main does. */
  seed?: boolean;
}

export interface SpawnedServer {
  endpoint: string;
  pid: number;
  /** What the server process has written to stderr so far. */
  stderr(): string;
  /** Sends the signal and resolves once the process has exited. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
}

/** A server process on `data` (kept when it exits); resolves once it listens. */
export async function spawnServer(engine: Engine, data: SpawnedServerData): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [CHILD_SERVER, engine, JSON.stringify(data)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (text: Buffer) => (stderr += text.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then(() => reject(new Error(`the server process exited before listening: ${stderr}`)));
  });
  const { endpoint } = JSON.parse(firstLine) as { endpoint: string };
  return {
    endpoint,
    pid: child.pid!,
    stderr: () => stderr,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
