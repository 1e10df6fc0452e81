/** A process's resident memory and CPU time, from /proc (Linux). */
import { readFileSync } from 'node:fs';

/** Kernel clock ticks per second (USER_HZ), which /proc/<pid>/stat counts CPU time in: 100 on Linux. */
const CLOCK_TICKS = 100;

export function residentKiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

/** User plus system CPU time, in seconds, the process has used since it started. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces and parentheses: the fields after it start past its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the whole line (utime, stime) are the 12th and 13th after the name.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
