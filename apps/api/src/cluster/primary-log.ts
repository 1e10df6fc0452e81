import { hostname } from 'node:os';

const LEVELS = { info: 30, warn: 40, error: 50 } as const;
const THRESHOLDS: Record<string, number> = { debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

export type PrimaryLog = Record<keyof typeof LEVELS, (message: string) => void>;

/** The primary's lines, in the same JSON shape as the workers' (pino's), so one log reader takes both. */
export function primaryLog(logLevel: string, write: (line: string) => void = (line) => process.stdout.write(line)): PrimaryLog {
  const threshold = THRESHOLDS[logLevel] ?? LEVELS.info;
  const host = hostname();
  const at = (level: keyof typeof LEVELS) => (message: string) => {
    if (LEVELS[level] < threshold) return;
    write(`${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, hostname: host, role: 'primary', msg: message })}\n`);
  };
  return { info: at('info'), warn: at('warn'), error: at('error') };
}
