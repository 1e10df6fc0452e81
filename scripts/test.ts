/**
 * `npm test`: type-check, then every Vitest suite. The PostgreSQL runs are skipped with a notice
 * when no server answers, unless REQUIRE_POSTGRES=1 (CI), where they must run. Last, the
 * end-to-end suite (vitest.e2e.config.ts: real server, real Chromium) after building the site if
 * stale; SKIP_E2E=1 leaves it out. Every test server logs into one directory meanwhile, and the
 * run fails if any line of that log carries a secret (apps/api/test/support/log-audit.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { auditLogDir } from '../apps/api/test/support/log-audit.ts';
import { buildWebIfNeeded, reactRouterCli } from './web-build.ts';

const require = createRequire(import.meta.url);

/** A package's CLI script, from its package.json `bin`: `vitest/vitest.mjs` is not in vitest's exports. */
function packageBin(name: string, bin: string): string {
  const manifest = require.resolve(`${name}/package.json`);
  const bins = (require(manifest) as { bin: string | Record<string, string> }).bin;
  return join(dirname(manifest), typeof bins === 'string' ? bins : bins[bin]!);
}

function run(label: string, script: string, args: string[], cwd = process.cwd(), env: Record<string, string> = {}): void {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(process.execPath, [script, ...args], { stdio: 'inherit', env: { ...process.env, ...env }, cwd });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

const reports = mkdtempSync(join(tmpdir(), 'ballot-atlas-test-'));
const suiteLog = mkdtempSync(join(tmpdir(), 'ballot-atlas-suite-log-'));
process.env['SUITE_LOG_DIR'] = suiteLog;
const totals = { passed: 0, failed: 0, skipped: 0 };

/** Runs a Vitest suite with a JSON report beside the console one, and adds its counts to the totals. */
function runVitest(label: string, args: string[], env: Record<string, string> = {}): void {
  const report = join(reports, `${totals.passed + totals.failed + totals.skipped}-${Date.now()}.json`);
  run(label, vitest, ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], process.cwd(), env);
  const counts = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  totals.passed += counts.numPassedTests;
  totals.failed += counts.numFailedTests;
  totals.skipped += counts.numPendingTests + counts.numTodoTests;
}

const vitest = packageBin('vitest', 'vitest');
const extra = process.argv.slice(2);
const tsc = require.resolve('typescript/bin/tsc');
run('type-check: api and shared', tsc, ['-p', 'tsconfig.json', '--noEmit']);
run('route types: web', reactRouterCli(), ['typegen'], 'apps/web');
run('type-check: web', tsc, ['-p', 'tsconfig.json', '--noEmit'], 'apps/web');
runVitest('unit, integration and SDK compatibility tests', extra);
if (extra.length === 0) {
  // The SDK's storage calls again with every file in an S3-compatible store (s3rver) instead of on disk.
  const storageSuites = ['storage', 'storage-serving', 'storage-preview', 'server-sdk', 'fallback-cookies'].map((name) => `apps/api/test/compat/${name}.test.ts`);
  runVitest('SDK storage compatibility tests with STORAGE_URL on S3', storageSuites, { TEST_STORAGE: 's3' });
}
if (process.env['SKIP_E2E'] === '1') {
  console.log('\n▶ end-to-end tests skipped (SKIP_E2E=1)');
} else {
  console.log('\n▶ web site build (when stale)');
  buildWebIfNeeded();
  runVitest('end-to-end tests', ['--config', 'vitest.e2e.config.ts']);
}
console.log('\n▶ secrets audit of the servers\' logs');
const audit = auditLogDir(suiteLog);
console.log(`${audit.lines} log lines from ${audit.files} test processes, ${audit.findings.length} carrying a secret`);
for (const finding of audit.findings.slice(0, 50)) console.error(`  ${join(suiteLog, finding.file)}:${finding.line}: ${finding.rule}`);
if (audit.findings.length) {
  console.error('✖ secrets audit failed (the log files are kept for inspection)');
  process.exit(1);
}
rmSync(suiteLog, { recursive: true, force: true });
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
