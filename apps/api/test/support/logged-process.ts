/** Starts logged-server.ts in a child process and keeps all it prints, for crash, log and shutdown tests. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Engine } from './test-server.ts';

const SCRIPT = fileURLToPath(new URL('./logged-server.ts', import.meta.url));

export interface LoggedServerOptions {
  env?: Record<string, string>;
  dataDir?: string;
  pgSchema?: string;
  /** Keep the data when the process stops (otherwise it removes it on SIGTERM). */
  keepData?: boolean;
}

export interface LoggedServer {
  endpoint: string;
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  pgSchema: string;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** The JSON log lines so far. */
  logLines(): Record<string, unknown>[];
  /** Whether the process is still running. */
  running(): boolean;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM (then SIGKILL after 30 s); resolves once it exited. */
  stop(): Promise<number | string>;
}

export async function startLoggedServer(engine: Engine, options: LoggedServerOptions = {}): Promise<LoggedServer> {
  const child = spawn(process.execPath, [SCRIPT, engine, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exitedWith: number | string | undefined;
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      exitedWith = code ?? signal ?? 'unknown';
      resolve(exitedWith);
    });
  });
  const ready = new Promise<{ endpoint: string; dataDir: string; pgSchema: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^\{"ready":(.*)\}$/m.exec(output);
      if (match) resolve(JSON.parse(match[1]!));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`the server process exited (${code}) before listening:\n${output}`)));
  });
  const { endpoint, dataDir, pgSchema } = await ready;
  const url = endpoint.replace(/\/v1$/, '');
  return {
    endpoint,
    url,
    port: Number(new URL(url).port),
    pid: child.pid!,
    dataDir,
    pgSchema,
    output: () => output,
    logLines: () =>
      output
        .split('\n')
        .slice(0, -1)
        .filter((line) => line.startsWith('{"level"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    running: () => exitedWith === undefined,
    exited,
    signal: (signal) => {
      if (exitedWith === undefined) child.kill(signal);
    },
    async stop() {
      if (exitedWith === undefined) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
