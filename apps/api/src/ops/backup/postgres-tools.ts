import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * libpq's environment for a connection URL, so the password reaches pg_dump and psql without
 * appearing in their command line (which any local user can read in the process list).
 */
export function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.hostname) env['PGHOST'] = decodeURIComponent(parsed.hostname);
  if (parsed.port) env['PGPORT'] = parsed.port;
  if (parsed.username) env['PGUSER'] = decodeURIComponent(parsed.username);
  if (parsed.password) env['PGPASSWORD'] = decodeURIComponent(parsed.password);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (database) env['PGDATABASE'] = database;
  const sslMode = parsed.searchParams.get('sslmode');
  if (sslMode) env['PGSSLMODE'] = sslMode;
  return env;
}

export class ToolError extends Error {}

/**
 * Runs a PostgreSQL client program; `input` is piped to its stdin, stdout goes to `output`.
 * Fails with the program's own message (its stderr), or says how to install it when missing.
 */
export async function runPostgresTool(program: 'pg_dump' | 'psql', args: string[], url: string, io: { input?: Readable; outputFile?: string } = {}): Promise<void> {
  const child = spawn(program, args, { env: libpqEnvironment(url), stdio: [io.input ? 'pipe' : 'ignore', io.outputFile ? 'pipe' : 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new ToolError(`${program} was not found: install the PostgreSQL client programs (Debian: apt-get install postgresql-client), of the server's major version or newer.`) : error),
    );
    child.once('close', (code) => resolve(code ?? 1));
  });
  const streams: Promise<void>[] = [];
  if (io.input) streams.push(pipeline(io.input, child.stdin!));
  if (io.outputFile) streams.push(pipeline(child.stdout!, createWriteStream(io.outputFile, { mode: 0o600 })));
  const [code] = await Promise.all([exited, ...streams.map((stream) => stream.catch(() => {}))]);
  if (code !== 0) throw new ToolError(`${program} failed (exit ${code}): ${stderr.trim()}`);
}

/** The contents of several files and strings, one after the other, as one stream. */
export async function* concatenated(parts: readonly ({ text: string } | { file: string })[]): AsyncGenerator<Buffer> {
  for (const part of parts) {
    if ('text' in part) yield Buffer.from(part.text);
    else for await (const chunk of createReadStream(part.file)) yield chunk as Buffer;
  }
}
