import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedFunction } from '../load-functions.ts';
import { FunctionPool, FunctionPoolClosedError, type ExecutionResult } from './function-pool.ts';
import { fixtureFunction } from './test-fixtures.ts';

const actions = fixtureFunction('actions.js', { timeout: 10 });
const quickTimeout = fixtureFunction('actions.js', { timeout: 1 });
const quiet = fixtureFunction('actions.js', { logging: false });

let pool: FunctionPool;
beforeAll(() => {
  pool = new FunctionPool({ size: 3, idleTimeoutMs: 30_000, projectId: 'ballot-atlas', apiEndpoint: 'http://127.0.0.1:3000/v1', maxResponseBytes: 1024 * 1024 });
});
afterAll(() => pool.close());

function run(action: string, options: { fn?: LoadedFunction; path?: string; body?: string; headers?: Record<string, string>; env?: Record<string, string>; method?: string } = {}): Promise<ExecutionResult> {
  return pool.execute({
    fn: options.fn ?? actions,
    request: { method: options.method ?? 'POST', path: options.path ?? '/', headers: { 'x-action': action, ...options.headers }, body: Buffer.from(options.body ?? '') },
    ...(options.env ? { env: options.env } : {}),
  });
}

const json = (result: ExecutionResult) => JSON.parse(result.body.toString()) as Record<string, unknown>;

describe('the context a function receives (open-runtimes)', () => {
  it('passes method, path, query, headers and body as open-runtimes does', async () => {
    const result = await run('echo', {
      method: 'PATCH',
      path: '/a/b?c=d&e=f=g&h',
      body: '{"key":"OK 👋"}',
      headers: { 'Content-Type': 'application/json', Host: 'www.example.org:3001', 'x-forwarded-proto': 'https', 'X-Open-Runtimes-Secret': 'hidden', 'X-Custom': 'value' },
    });
    expect(result.status).toBe('completed');
    expect(json(result)).toEqual({
      method: 'PATCH', path: '/a/b', query: { c: 'd', e: 'f=g', h: '' }, queryString: 'c=d&e=f=g&h', url: 'https://www.example.org:3001/a/b?c=d&e=f=g&h',
      host: 'www.example.org', port: 3001, scheme: 'https',
      headers: { 'x-action': 'echo', 'content-type': 'application/json', host: 'www.example.org:3001', 'x-forwarded-proto': 'https', 'x-custom': 'value' },
      bodyText: '{"key":"OK 👋"}', body: { key: 'OK 👋' },
    });
  });

  it('req.body is the text unless the content type is JSON; bodyJson and bodyBinary', async () => {
    expect(json(await run('echo', { body: 'plain words' })).body).toBe('plain words');
    expect(json(await run('echo', { headers: { 'content-type': 'application/json' } })).body).toEqual({});
    expect(json(await run('bodyJson', { body: '{"a":[1,2]}' }))).toEqual({ a: [1, 2] });
    const binary = await run('bodyBinary', { body: '\u0000\u000a\u00ff' });
    expect(binary.body).toEqual(Buffer.from('\u0000\u000a\u00ff'));
    const invalid = await run('bodyJson', { body: '{"invalid' });
    expect(invalid.statusCode).toBe(500);
    expect(invalid.errors).toMatch(/JSON/);
  });

  it('sets the APPWRITE_FUNCTION_* variables and the caller\'s, and nothing of the server\'s', async () => {
    process.env.FUNCTION_TEST_SERVER_SECRET = 'must-not-leak';
    const env = json(await run('env', { env: { MY_VAR: 'mine', APPWRITE_FUNCTION_ID: 'overridden?' } }));
    expect(env).toEqual({
      MY_VAR: 'mine',
      APPWRITE_FUNCTION_API_ENDPOINT: 'http://127.0.0.1:3000/v1',
      APPWRITE_FUNCTION_ID: actions.$id,
      APPWRITE_FUNCTION_NAME: actions.name,
      APPWRITE_FUNCTION_DEPLOYMENT: actions.deploymentId,
      APPWRITE_FUNCTION_PROJECT_ID: 'ballot-atlas',
      APPWRITE_FUNCTION_RUNTIME_NAME: 'Node.js',
      APPWRITE_FUNCTION_RUNTIME_VERSION: '22',
      APPWRITE_FUNCTION_CPUS: '1',
      APPWRITE_FUNCTION_MEMORY: '512',
    });
  });
});

describe('what a function answers', () => {
  it('text, json, binary, redirect, empty, status with headers, send', async () => {
    const text = await run('plaintext');
    expect([text.statusCode, text.body.toString(), text.headers]).toEqual([200, 'Hello World 👋', { 'content-type': 'text/plain; charset=utf-8' }]);
    const binary = await run('binary');
    expect([...binary.body]).toEqual([0, 10, 255]);
    const redirect = await run('redirect');
    expect([redirect.statusCode, redirect.headers.location, redirect.body.length]).toEqual([301, 'https://example.org/next', 0]);
    const empty = await run('empty');
    expect([empty.statusCode, empty.body.length, empty.status]).toEqual([204, 0, 'completed']);
    const status = await run('status');
    expect([status.statusCode, status.body.toString(), status.status]).toEqual([404, 'FAIL', 'completed']);
    expect(status.headers).toEqual({ 'x-custom': 'yes', 'content-type': 'text/plain; charset=utf-8' });
    expect((await run('send')).body.toString()).toBe('50');
  });

  it('a status of 500 or more is a failed execution, with the function\'s body', async () => {
    const result = await run('serverError');
    expect([result.status, result.statusCode, result.body.toString()]).toEqual(['failed', 503, 'broken']);
  });

  it('no return: 500 with open-runtimes\' message; a throw: 500 with the stack in errors', async () => {
    const none = await run('noResponse');
    expect([none.status, none.statusCode, none.body.length]).toEqual(['failed', 500, 0]);
    expect(none.errors).toBe('Return statement missing. return context.res.empty() if no response is expected.\n');
    const thrown = await run('throw');
    expect([thrown.status, thrown.statusCode]).toEqual(['failed', 500]);
    expect(thrown.logs).toBe('Before error...\n');
    expect(thrown.errors).toMatch(/^Error: Error!\n\s+at default \(.*actions\.js/);
  });
});

describe('logs', () => {
  it('collects context.log, context.error and console calls, each line capped at 8,000 characters', async () => {
    const result = await run('logs');
    const lines = result.logs.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Native logs detected. Use context.log() or context.error() for better experience.',
      'Native log',
      'Debug log 42 true {"objectKey":"objectValue","big":"9007199254740993","set":["a"]}',
    ]);
    expect(lines[3]).toBe(`${'A'.repeat(8000)}... Log truncated due to size limit (8000 characters)`);
    expect(result.errors).toBe('Error log\n');
  });

  it('keeps 5 MB of logs and says it cut the rest', async () => {
    const result = await run('flood');
    expect(result.body.toString()).toBe('flooded');
    expect(Buffer.byteLength(result.logs)).toBe(5 * 1024 * 1024 + '\nLog file has been truncated to 5.00MB.'.length);
    expect(result.logs.endsWith('x\nLog file has been truncated to 5.00MB.')).toBe(true);
  });

  it('a function with logging off keeps no logs', async () => {
    const result = await run('logs', { fn: quiet });
    expect([result.statusCode, result.logs, result.errors]).toEqual([200, '', '']);
  });
});

describe('entry points', () => {
  it('runs a TypeScript entry point', async () => {
    const result = await pool.execute({ fn: fixtureFunction('typed.ts'), request: { method: 'POST', path: '/', headers: {}, body: Buffer.from('three small words') } });
    expect(JSON.parse(result.body.toString())).toEqual({ words: 3 });
  });

  it('an entry point without a default export or with a syntax error answers 503 with open-runtimes\' messages', async () => {
    const missing = await pool.execute({ fn: fixtureFunction('no-export.js'), request: { method: 'GET', path: '/', headers: {}, body: Buffer.alloc(0) } });
    expect([missing.status, missing.statusCode, missing.errors]).toEqual(['failed', 503, "Function signature invalid. Did you forget to export a 'main' function?\n"]);
    const broken = await pool.execute({ fn: fixtureFunction('broken-syntax.js'), request: { method: 'GET', path: '/', headers: {}, body: Buffer.alloc(0) } });
    expect([broken.statusCode, broken.errors]).toEqual([503, expect.stringMatching(/^Syntax error in broken-syntax\.js: /)]);
  });
});

describe('workers', () => {
  it('reuses a warm worker for the same function and environment, and another for another environment', async () => {
    const first = json(await run('pid'));
    const second = json(await run('pid'));
    const otherEnv = json(await run('pid', { env: { OTHER: '1' } }));
    expect(second.pid).toBe(first.pid);
    expect(otherEnv.pid).not.toBe(first.pid);
    expect(first.cwd).toBe(actions.directory);
  });

  it('with every worker busy, executions wait their turn and all complete', async () => {
    const small = new FunctionPool({ size: 1, idleTimeoutMs: 30_000, projectId: 'p', apiEndpoint: 'http://127.0.0.1/v1' });
    try {
      const results = await Promise.all([
        small.execute({ fn: actions, request: { method: 'GET', path: '/?ms=200', headers: { 'x-action': 'sleep' }, body: Buffer.alloc(0) } }),
        small.execute({ fn: fixtureFunction('typed.ts'), request: { method: 'GET', path: '/', headers: {}, body: Buffer.from('a b') } }),
        small.execute({ fn: actions, request: { method: 'GET', path: '/', headers: { 'x-action': 'plaintext' }, body: Buffer.alloc(0) } }),
      ]);
      expect(results.map((result) => result.statusCode)).toEqual([200, 200, 200]);
      expect(small.workerCount).toBe(1);
    } finally {
      await small.close();
    }
    await expect(small.execute({ fn: actions, request: { method: 'GET', path: '/', headers: {}, body: Buffer.alloc(0) } })).rejects.toBeInstanceOf(FunctionPoolClosedError);
  });

  it('refuses a request body over the cap and fails a response body over it', async () => {
    await expect(pool.execute({ fn: actions, request: { method: 'POST', path: '/', headers: {}, body: Buffer.alloc(pool.maxRequestBytes + 1) } })).rejects.toBeInstanceOf(RangeError);
    const big = await run('bigResponse', { path: `/?bytes=${1024 * 1024 + 1}` });
    expect([big.status, big.statusCode, big.body.length]).toEqual(['failed', 500, 0]);
    expect(big.errors).toContain('the limit is 1048576');
    expect((await run('bigResponse', { path: `/?bytes=${1024 * 1024}` })).body.length).toBe(1024 * 1024);
  });
});

describe('isolation', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'server-data-'));
    writeFileSync(join(dataDir, 'database.sqlite'), 'server data');
    process.env.FUNCTION_TEST_DATABASE_URL = 'postgres://secret@127.0.0.1/test';
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('cannot read the server\'s files or /etc/passwd, write, spawn processes or threads, or see the server\'s environment', async () => {
    const result = await run('escape', { path: `/?file=${join(dataDir, 'database.sqlite')}&env=FUNCTION_TEST_DATABASE_URL` });
    expect(json(result)).toEqual({ passwd: 'ERR_ACCESS_DENIED', serverFile: 'ERR_ACCESS_DENIED', write: 'ERR_ACCESS_DENIED', spawn: 'ERR_ACCESS_DENIED', worker: 'ERR_ACCESS_DENIED', secret: null });
    const sources = await run('escape', { path: `/?file=${new URL('../../config.ts', import.meta.url).pathname}&env=PATH` });
    expect(json(sources)).toMatchObject({ serverFile: 'ERR_ACCESS_DENIED', secret: null });
  });
});

describe('failures end the execution, not the server', () => {
  it('a loop past the timeout fails with Appwrite\'s message while another execution completes; the next run gets a new worker', async () => {
    const before = json(await run('pid', { fn: quickTimeout })).pid;
    const [looped, meanwhile] = await Promise.all([run('loop', { fn: quickTimeout }), run('sleep', { path: '/?ms=300' })]);
    expect([looped.status, looped.statusCode, looped.logs, looped.errors]).toEqual(['failed', 500, 'Loop start.\n', 'Execution timed out.\n']);
    expect(looped.duration).toBeGreaterThanOrEqual(1);
    expect(looped.duration).toBeLessThan(2);
    expect([meanwhile.status, meanwhile.logs]).toEqual(['completed', 'Timeout start.\nTimeout end.\n']);
    const after = json(await run('pid', { fn: quickTimeout })).pid;
    expect(after).not.toBe(before);
  });

  it('running out of heap or of memory outside it fails and the pool carries on', async () => {
    const [heap, buffers] = await Promise.all([run('heap', { fn: fixtureFunction('actions.js', { timeout: 60 }) }), run('buffers', { fn: fixtureFunction('actions.js', { timeout: 60, enabled: true }) })]);
    for (const result of [heap, buffers]) {
      expect([result.status, result.statusCode, result.errors]).toEqual(['failed', 500, 'Execution ran out of memory (the limit is 512 MB).\n']);
    }
    expect((await run('plaintext')).status).toBe('completed');
  });

  it('process.exit and an exception thrown from a timer fail with a useful error', async () => {
    const exited = await run('exit');
    expect([exited.status, exited.statusCode]).toEqual(['failed', 500]);
    expect(exited.errors).toContain('exited with code 3 before it answered');
    const crashed = await run('asyncThrow');
    expect(crashed.status).toBe('failed');
    expect(crashed.errors).toMatch(/^Error: thrown from a timer\n[\s\S]*uncaught exception/);
    expect((await run('plaintext')).status).toBe('completed');
  });
});
