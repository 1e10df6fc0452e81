/**
 * Finds a Chromium for Playwright, installing Debian's package when none is present (CI machines
 * start without one; Playwright's own browser download does not work here). Runs the install at
 * most once per process.
 */
import { spawnSync } from 'node:child_process';
import { findChromium } from '../../../apps/api/src/services/avatars/screenshot-browser.ts';

const INSTALL = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium';

let found: string | undefined;

/** The server's own search (CHROMIUM_PATH, else where Debian installs it); a CHROMIUM_PATH that is not there is an error here. */
function locate(): string | undefined {
  const path = findChromium();
  if (!path && process.env['CHROMIUM_PATH']) throw new Error(`CHROMIUM_PATH=${process.env['CHROMIUM_PATH']} is not an executable file`);
  return path;
}

/** The Chromium executable's path; installs it with apt-get when missing (we run as root in CI). */
export function ensureChromium(log: (line: string) => void = console.log): string {
  if (found) return found;
  found = locate();
  if (found) return found;
  if (process.platform !== 'linux') throw new Error('Chromium not found: set CHROMIUM_PATH to a Chromium or Chrome executable');
  if (process.getuid?.() !== 0) throw new Error(`Chromium not found and not running as root; install it with: sudo sh -c '${INSTALL}'`);
  log('e2e: Chromium not found, installing it with apt-get…');
  const started = Date.now();
  const result = spawnSync('sh', ['-c', INSTALL], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`Installing Chromium failed (exit ${result.status ?? result.signal}): ${INSTALL}`);
  found = locate();
  if (!found) throw new Error(`apt-get installed chromium but no Chromium was found where Debian installs it`);
  log(`e2e: Chromium installed in ${((Date.now() - started) / 1000).toFixed(0)} s (${found})`);
  return found;
}

/** Flags for a quiet, sandbox-free headless Chromium in containers. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
