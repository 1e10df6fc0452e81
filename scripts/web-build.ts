/**
 * The built web site: rebuilt when missing or older than its sources. Used by `npm start`,
 * `npm test` and the end-to-end suite, so all three agree on when a build is stale.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const WEB_DIR = join(REPO_ROOT, 'apps', 'web');
export const BUILD_DIR = join(WEB_DIR, 'build');
const BUILT_MARKER = join(BUILD_DIR, 'server', 'index.js');

function newestChange(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestChange(path));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Stale: no build, or a source (app/, public/, vite and router config, vite/ plugins) newer than it. */
export function webBuildIsStale(): boolean {
  if (!existsSync(BUILT_MARKER)) return true;
  const configs = ['vite.config.ts', 'react-router.config.ts'].map((file) => statSync(join(WEB_DIR, file)).mtimeMs);
  return Math.max(newestChange(join(WEB_DIR, 'app')), newestChange(join(WEB_DIR, 'public')), newestChange(join(WEB_DIR, 'vite')), ...configs) > statSync(BUILT_MARKER).mtimeMs;
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
  log('Building the web site (react-router build)…');
  const started = Date.now();
  const cli = reactRouterCli();
  // NODE_ENV=production: under Vitest it is "test", and Vite would then bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: WEB_DIR, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`react-router build failed (exit ${result.status ?? result.signal})`);
  log(`Web site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
