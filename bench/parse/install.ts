/** The Parse Server install made by bench/parse/setup.sh (its bench.json), and starting it as a child process. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PARSE_CLASS = 'Candidate';

export interface ParseInstall {
  node: string;
  parseDir: string;
  port: number;
  version: string;
  size: string;
  databaseUrl: string;
  appId: string;
  masterKey: string;
}

export interface ParseServer {
  url: string;
  pid: number;
  /** Headers a public (keyless) client sends. */
  headers: Record<string, string>;
  stop(): Promise<void>;
}

export function readInstall(parseDir: string): ParseInstall | undefined {
  const marker = join(parseDir, 'bench.json');
  return existsSync(marker) ? (JSON.parse(readFileSync(marker, 'utf8')) as ParseInstall) : undefined;
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`)).ok;
  } catch {
    return false;
  }
}

/** Starts parse-server (one process, as ours) with logging off, as our server runs with LOG_LEVEL=silent. */
export async function startParse(install: ParseInstall, log: (line: string) => void): Promise<ParseServer> {
  const url = `http://127.0.0.1:${install.port}/parse`;
  if (await healthy(url)) throw new Error(`something already answers on ${url}; stop it first (the benchmark starts Parse itself)`);
  const config = join(install.parseDir, 'parse-config.json');
  writeFileSync(config, `${JSON.stringify({ appId: install.appId, masterKey: install.masterKey, databaseURI: install.databaseUrl, port: install.port, host: '127.0.0.1', mountPath: '/parse', serverURL: url, logLevel: 'error', logsFolder: null, silent: true }, null, 2)}\n`);
  const started = performance.now();
  const child = spawn(install.node, [join(install.parseDir, 'node_modules/parse-server/bin/parse-server'), config], { cwd: install.parseDir, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  for (let attempt = 0; attempt < 240 && !(await healthy(url)); attempt++) {
    if (child.exitCode !== null) throw new Error(`parse-server exited with ${child.exitCode}:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!(await healthy(url))) {
    child.kill();
    throw new Error(`parse-server did not answer /health within 60 s:\n${stderr}`);
  }
  log(`parse: parse-server ${install.version} (pid ${child.pid}) up in ${((performance.now() - started) / 1000).toFixed(1)} s at ${url}`);
  return {
    url,
    pid: child.pid ?? 0,
    headers: { 'x-parse-application-id': install.appId },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
