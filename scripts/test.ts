/**
 * `npm test`: type-check, then every Vitest suite. The PostgreSQL runs are skipped with a notice
 * when no server answers, unless REQUIRE_POSTGRES=1 (CI), where they must run. Last, the
 * end-to-end suite (vitest.e2e.config.ts: real server, real Chromium) after building the site if
 * stale; SKIP_E2E=1 leaves it out.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { buildWebIfNeeded, reactRouterCli } from '../tests/e2e/support/web-build.ts';

const require = createRequire(import.meta.url);

function run(label: string, script: string, args: string[], cwd = process.cwd()): void {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(process.execPath, [script, ...args], { stdio: 'inherit', env: process.env, cwd });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

const extra = process.argv.slice(2);
const tsc = require.resolve('typescript/bin/tsc');
run('type-check: api and shared', tsc, ['-p', 'tsconfig.json', '--noEmit']);
run('route types: web', reactRouterCli(), ['typegen'], 'apps/web');
run('type-check: web', tsc, ['-p', 'tsconfig.json', '--noEmit'], 'apps/web');
run('unit, integration and SDK compatibility tests', require.resolve('vitest/vitest.mjs'), ['run', ...extra]);
if (process.env['SKIP_E2E'] === '1') {
  console.log('\n▶ end-to-end tests skipped (SKIP_E2E=1)');
} else {
  console.log('\n▶ web site build (when stale)');
  buildWebIfNeeded();
  run('end-to-end tests', require.resolve('vitest/vitest.mjs'), ['run', '--config', 'vitest.e2e.config.ts']);
}
