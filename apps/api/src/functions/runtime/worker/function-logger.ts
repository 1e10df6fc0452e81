/**
 * `context.log`, `context.error` and console capture, as open-runtimes' Node logger writes them:
 * one line per call, arguments joined by a space, 8,000 characters at most per line, and every
 * console method going to the logs after a one-time notice. Lines go to the pool as they are
 * written, so a function killed half-way keeps what it logged.
 */
const LINE_LIMIT = 8000;
const NATIVE_NOTICE = 'Native logs detected. Use context.log() or context.error() for better experience.';
const CONSOLE_METHODS = ['log', 'info', 'debug', 'warn', 'error'] as const;

type Stream = 'logs' | 'errors';
type Send = (stream: Stream, text: string) => void;

function jsonReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Set) return [...value];
  if (value instanceof Map) return Object.fromEntries(value);
  return value;
}

function stringify(message: unknown): string {
  if (message instanceof Error) return message.stack || String(message);
  if (typeof message === 'string') return message;
  try {
    return JSON.stringify(message, jsonReplacer) ?? String(message);
  } catch {
    return String(message);
  }
}

export class FunctionLogger {
  private nativeNoticed = false;
  private saved: Partial<Record<(typeof CONSOLE_METHODS)[number], (...args: unknown[]) => void>> = {};

  private readonly enabled: boolean;
  private readonly send: Send;

  constructor(enabled: boolean, send: Send) {
    this.enabled = enabled;
    this.send = send;
  }

  write(messages: unknown[], stream: Stream, native = false): void {
    if (!this.enabled) return;
    if (native && !this.nativeNoticed) {
      this.nativeNoticed = true;
      this.write([NATIVE_NOTICE], 'logs');
    }
    let line = messages.map(stringify).join(' ');
    if (line.length > LINE_LIMIT) line = `${line.slice(0, LINE_LIMIT)}... Log truncated due to size limit (${LINE_LIMIT} characters)`;
    this.send(stream, `${line}\n`);
  }

  captureConsole(): void {
    if (!this.enabled) return;
    for (const method of CONSOLE_METHODS) {
      this.saved[method] = console[method];
      console[method] = (...args: unknown[]) => this.write(args, 'logs', true);
    }
  }

  releaseConsole(): void {
    for (const method of CONSOLE_METHODS) {
      const original = this.saved[method];
      if (original) console[method] = original;
    }
    this.saved = {};
  }
}
