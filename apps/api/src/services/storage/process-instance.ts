import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * Who holds work in progress on shared storage (a scratch folder, an upload being assembled):
 * the host, the pid and a random id for this start (pids are reused, a container's server is
 * often pid 1 every time), so a later process can tell whether the holder still runs.
 */
export interface ProcessInstance {
  host: string;
  pid: number;
  boot: string;
}

export const THIS_PROCESS: ProcessInstance = { host: hostname(), pid: process.pid, boot: randomBytes(6).toString('hex') };

const SEPARATOR = '~';

export function instanceName(instance: ProcessInstance): string {
  return [instance.host, instance.pid, instance.boot].join(SEPARATOR);
}

export function parseInstanceName(name: string): ProcessInstance | undefined {
  const parts = name.split(SEPARATOR);
  if (parts.length !== 3 || !/^\d+$/.test(parts[1]!) || !parts[0] || !parts[2]) return undefined;
  return { host: parts[0], pid: Number(parts[1]), boot: parts[2] };
}

export function isThisProcess(instance: ProcessInstance): boolean {
  return instance.host === THIS_PROCESS.host && instance.pid === THIS_PROCESS.pid && instance.boot === THIS_PROCESS.boot;
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * True when the instance has certainly stopped: on this host its pid is free, or is ours under
 * another boot id (an earlier life of this pid). Undefined when that cannot be known: it runs on
 * another host, or its pid runs (possibly reused by some other program).
 */
export function hasStopped(instance: ProcessInstance): boolean | undefined {
  if (instance.host !== THIS_PROCESS.host) return undefined;
  if (instance.pid === THIS_PROCESS.pid) return instance.boot !== THIS_PROCESS.boot;
  return pidRuns(instance.pid) ? undefined : true;
}
