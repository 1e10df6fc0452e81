/** `npm start`: builds the site when it is missing or older than its sources, then serves API and site on one port. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// React and React Router run their production code paths unless told otherwise.
process.env['NODE_ENV'] ??= 'production';
const webDirectory = 'apps/web';
const builtMarker = join(webDirectory, 'build', 'server', 'index.js');

function newestChange(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function needsBuild(): boolean {
  if (!existsSync(builtMarker)) return true;
  const sources = Math.max(newestChange(join(webDirectory, 'app')), statSync(join(webDirectory, 'vite.config.ts')).mtimeMs);
  return sources > statSync(builtMarker).mtimeMs;
}

if (process.env['WEB_BUILD_DIR'] === undefined && needsBuild()) {
  console.log('Building the web site…');
  const cli = require.resolve('@react-router/dev/bin.js', { paths: [join(process.cwd(), webDirectory)] });
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: webDirectory, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../apps/api/src/main.ts');
