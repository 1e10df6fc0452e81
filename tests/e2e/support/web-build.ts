/**
 * The built site for the end-to-end suite, copied to a private snapshot so that a rebuild started
 * elsewhere while the suite runs cannot pull hashed assets from under the browser.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_DIR, REPO_ROOT } from '../../../scripts/web-build.ts';

export { buildWebIfNeeded, REPO_ROOT, WEB_DIR, reactRouterCli, webBuildIsStale } from '../../../scripts/web-build.ts';

/** Inside the repository's node_modules, so the server bundle still resolves its packages. */
const SNAPSHOT_ROOT = join(REPO_ROOT, 'node_modules', '.cache', 'ballot-atlas-e2e');

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
