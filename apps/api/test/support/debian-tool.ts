/**
 * A command-line tool from Debian that some tests need (like Chromium for the e2e suite):
 * installed with apt-get when missing and we are root, once per process. Undefined when it
 * cannot be had, so the test of the fallback runs instead.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const attempted = new Set<string>();

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `debianPackage` may name several packages (space-separated); `directory` is where the binary lands (`/usr/sbin` for daemons). */
export function ensureDebianTool(binary: string, debianPackage: string, directory = '/usr/bin'): string | undefined {
  const path = `${directory}/${binary}`;
  if (executable(path)) return path;
  if (attempted.has(binary) || process.platform !== 'linux' || process.getuid?.() !== 0) return undefined;
  attempted.add(binary);
  spawnSync('sh', ['-c', `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${debianPackage}`], { stdio: 'ignore' });
  return executable(path) ? path : undefined;
}
