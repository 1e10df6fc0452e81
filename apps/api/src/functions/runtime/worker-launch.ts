import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadedFunction } from '../load-functions.ts';

const WORKER_SOURCES = fileURLToPath(new URL('./worker/', import.meta.url));
let hostScriptPath: string | undefined;

/** `from './x.ts'` in the worker's sources, or `from '../../x.ts'` for a server module it shares. */
const RELATIVE_IMPORT = /from '(\.\.?\/[\w./-]+)\.ts'/g;
const WORKER_FOLDER = WORKER_SOURCES.replace(/\/$/, '');

/** One source file as plain JavaScript in the host's folder, its relative imports pointing at siblings there. */
function writeAsJavaScript(source: string, directory: string): void {
  const javascript = stripTypeScriptTypes(readFileSync(source, 'utf8')).replace(RELATIVE_IMPORT, (_match, specifier: string) => {
    if (dirname(source) !== WORKER_FOLDER) throw new Error(`${source}: a server module the worker imports may import node: modules only`);
    const imported = resolve(WORKER_FOLDER, `${specifier}.ts`);
    if (dirname(imported) !== WORKER_FOLDER) writeAsJavaScript(imported, directory);
    return `from './${basename(imported, '.ts')}.js'`;
  });
  writeFileSync(join(directory, `${basename(source, '.ts')}.js`), javascript);
}

/**
 * The program every worker runs, as plain JavaScript in a folder of its own, made once per
 * server process from worker/*.ts and the server modules they import (the worker may read
 * nothing else): a worker that loaded TypeScript itself would spend about 170 ms of every cold
 * start loading Node's type stripper.
 */
export function hostScript(): string {
  if (hostScriptPath) return hostScriptPath;
  const directory = mkdtempSync(join(tmpdir(), 'ballot-function-host-'));
  process.once('exit', () => rmSync(directory, { recursive: true, force: true }));
  for (const name of readdirSync(WORKER_SOURCES).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))) writeAsJavaScript(join(WORKER_SOURCES, name), directory);
  writeFileSync(join(directory, 'package.json'), '{"type":"module"}');
  hostScriptPath = join(directory, 'host.js');
  return hostScriptPath;
}

/** What a function's process sees of the server: the variables Appwrite sets, in Appwrite's names. */
export interface ProjectFacts {
  projectId: string;
  /** `APPWRITE_FUNCTION_API_ENDPOINT`, e.g. `http://127.0.0.1:3000/v1`. */
  apiEndpoint: string;
}

/**
 * The environment of a function's process: the caller's variables, then Appwrite's own
 * (which win, as in Appwrite); nothing of the server's environment.
 */
export function functionEnvironment(fn: LoadedFunction, facts: ProjectFacts, variables: Record<string, string> = {}): Record<string, string> {
  return {
    ...variables,
    APPWRITE_FUNCTION_API_ENDPOINT: facts.apiEndpoint,
    APPWRITE_FUNCTION_ID: fn.$id,
    APPWRITE_FUNCTION_NAME: fn.name,
    APPWRITE_FUNCTION_DEPLOYMENT: fn.deploymentId,
    APPWRITE_FUNCTION_PROJECT_ID: facts.projectId,
    APPWRITE_FUNCTION_RUNTIME_NAME: 'Node.js',
    APPWRITE_FUNCTION_RUNTIME_VERSION: fn.runtime.slice('node-'.length),
    APPWRITE_FUNCTION_CPUS: String(fn.cpus),
    APPWRITE_FUNCTION_MEMORY: String(fn.memory),
  };
}

/** Warm workers are reused only for the same code and the same environment. */
export function workerKey(fn: LoadedFunction, env: Record<string, string>): string {
  const entries = Object.entries(env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${fn.$id}:${fn.deploymentId}:${createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16)}`;
}

function listDirectories(directory: string): { name: string; path: string }[] {
  try {
    return readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => ({ name: entry.name, path: join(directory, entry.name) }));
  } catch {
    return [];
  }
}

/**
 * The installed packages a function may load: every real package folder of each `node_modules`
 * above its folder. Symbolic links (npm workspaces: the server's own code) are left out, so a
 * function cannot read the server's sources through them.
 */
function packageFolders(functionDirectory: string): string[] {
  const folders: string[] = [];
  for (let directory = dirname(functionDirectory); ; directory = dirname(directory)) {
    for (const entry of listDirectories(join(directory, 'node_modules'))) {
      if (entry.name.startsWith('@')) folders.push(...listDirectories(entry.path).map((scoped) => scoped.path));
      else folders.push(entry.path);
    }
    if (dirname(directory) === directory) break;
  }
  return folders;
}

const packageFolderCache = new Map<string, string[]>();

/** Listing `node_modules` takes tens of milliseconds: once per folder and server process. */
function packageFoldersOf(functionDirectory: string): string[] {
  let folders = packageFolderCache.get(functionDirectory);
  if (!folders) packageFolderCache.set(functionDirectory, (folders = packageFolders(functionDirectory)));
  return folders;
}

/**
 * Node's permission model for one function: it may read its own folder, the worker program and
 * installed packages (its own `node_modules` is inside its folder); it may not write files, start processes or worker threads, load addons or
 * WASI. `--max-old-space-size` is its heap ceiling.
 */
export function workerExecArgv(fn: LoadedFunction): string[] {
  const readable = [fn.directory, dirname(hostScript()), ...packageFoldersOf(fn.directory)];
  return ['--permission', ...readable.map((path) => `--allow-fs-read=${path}`), `--max-old-space-size=${fn.memory}`, '--disable-warning=ExperimentalWarning'];
}
