/**
 * The built site for the end-to-end suite: rebuilt when missing or older than its sources (the
 * rule scripts/start.ts uses), then copied to a private snapshot so that a rebuild started
 * elsewhere while the suite runs cannot pull hashed assets from under the browser.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_DIR = join(REPO_ROOT, 'apps', 'web');
const BUILD_DIR = join(WEB_DIR, 'build');
const BUILT_MARKER = join(BUILD_DIR, 'server', 'index.js');
/** Inside the repository's node_modules, so the server bundle still resolves its packages. */
const SNAPSHOT_ROOT = join(REPO_ROOT, 'node_modules', '.cache', 'ballot-atlas-e2e');

function newestChange(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestChange(path));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Same rule as `npm start`: no build, or a source (app/, vite and router config) newer than it. */
export function webBuildIsStale(): boolean {
  if (!existsSync(BUILT_MARKER)) return true;
  const configs = ['vite.config.ts', 'react-router.config.ts'].map((file) => statSync(join(WEB_DIR, file)).mtimeMs);
  return Math.max(newestChange(join(WEB_DIR, 'app')), ...configs) > statSync(BUILT_MARKER).mtimeMs;
}

/**
 * The `react-router` CLI script. `require.resolve('@react-router/dev/bin.js')` fails
 * (ERR_PACKAGE_PATH_NOT_EXPORTED: the file is not in the package's exports); its package.json
 * `bin` names it.
 */
export function reactRouterCli(): string {
  const require = createRequire(join(WEB_DIR, 'package.json'));
  const manifest = require.resolve('@react-router/dev/package.json');
  return join(dirname(manifest), (require(manifest) as { bin: Record<string, string> }).bin['react-router']!);
}

/** Runs `react-router build` in apps/web when the build is stale; returns whether it built. */
export function buildWebIfNeeded(log: (line: string) => void = console.log): boolean {
  if (!webBuildIsStale()) return false;
  log('e2e: building the web site (react-router build)…');
  const started = Date.now();
  const cli = reactRouterCli();
  // NODE_ENV=production: under Vitest it is "test", and Vite would then bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: WEB_DIR, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`react-router build failed (exit ${result.status ?? result.signal})`);
  log(`e2e: web site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Copies apps/web/build to a directory of this process's own; remove it with the returned dispose. */
export function snapshotWebBuild(): { directory: string; dispose(): void } {
  mkdirSync(SNAPSHOT_ROOT, { recursive: true });
  for (const entry of readdirSync(SNAPSHOT_ROOT)) {
    const pid = Number(/^build-(\d+)$/.exec(entry)?.[1]);
    if (pid && pid !== process.pid && !processAlive(pid)) rmSync(join(SNAPSHOT_ROOT, entry), { recursive: true, force: true });
  }
  const directory = join(SNAPSHOT_ROOT, `build-${process.pid}`);
  rmSync(directory, { recursive: true, force: true });
  cpSync(BUILD_DIR, directory, { recursive: true });
  if (!existsSync(join(directory, 'server', 'index.js'))) throw new Error(`the web build at ${BUILD_DIR} is incomplete`);
  return { directory, dispose: () => rmSync(directory, { recursive: true, force: true }) };
}
