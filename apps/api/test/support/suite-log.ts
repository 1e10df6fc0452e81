/**
 * The log of a whole `npm test` run, for the secrets audit (scripts/log-audit.ts): when
 * SUITE_LOG_DIR is set, every test server logs at debug level (unless its test chose a level)
 * into a file of that directory, beside whatever stream its test reads. Secrets the suite knows
 * by value (API keys) are listed in a file there too, so the audit looks for them verbatim.
 */
import { appendFileSync, createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

type LineStream = { write(line: string): void };

let file: WriteStream | undefined;

function suiteLogDir(): string | undefined {
  return process.env['SUITE_LOG_DIR'] || undefined;
}

/** The log level and stream for a test server: the test's own when it set them, the suite log's otherwise. */
export function suiteLogging(level: string | undefined, own: LineStream | undefined): { level: string | undefined; stream: LineStream | undefined } {
  const dir = suiteLogDir();
  if (!dir) return { level, stream: own };
  file ??= createWriteStream(join(dir, `server-${process.pid}-${threadId}.log`), { flags: 'a' });
  const suite = file;
  // A server whose test chose a level and no stream logs to stdout (a child server its test reads): it still does.
  const testStream = own ?? (level && level !== 'silent' ? process.stdout : undefined);
  return {
    level: level && level !== 'silent' ? level : 'debug',
    stream: { write: (line) => {
      suite.write(line);
      testStream?.write(line);
    } },
  };
}

/** Records a secret the audit must never find in any log line. */
export function rememberSecret(secret: string): void {
  const dir = suiteLogDir();
  if (dir) appendFileSync(join(dir, `secrets-${process.pid}-${threadId}.txt`), `${secret}\n`);
}
