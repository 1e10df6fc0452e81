import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createApp, type App, type AppOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { testS3Env } from './s3-test-storage.ts';
import { suiteLogging } from './suite-log.ts';

export type Engine = 'sqlite' | 'postgres';

export const TEST_PROJECT = 'test-project';
export const TEST_API_KEY = 'test-operator-key-0123456789abcdef0123456789';
export const TEST_SCHEMA = fileURLToPath(new URL('../fixtures/test-schema.json', import.meta.url));
export const POSTGRES_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestServer {
  app: App;
  config: Config;
  url: string;
  endpoint: string;
  /** Where the data lives; pass both to a later startTestServer to reopen the same database. */
  dataDir: string;
  pgSchema: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  engine?: Engine;
  schemaFile?: string;
  env?: Record<string, string>;
  /** Reuse this data dir (SQLite) instead of a fresh temporary one. */
  dataDir?: string;
  /** Reuse this PostgreSQL schema instead of a fresh temporary one. */
  pgSchema?: string;
  /** Leave the data in place on close (and on a failed start); remove it later with removeTestData. */
  keepData?: boolean;
  /** Passed to createApp (a log stream, a rate limiter). */
  appOptions?: AppOptions;
}

let postgresReachable: boolean | undefined;

/** True when the PostgreSQL test database answers; CI requires it (REQUIRE_POSTGRES=1). */
export async function postgresAvailable(): Promise<boolean> {
  if (postgresReachable !== undefined) return postgresReachable;
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    postgresReachable = true;
  } catch {
    postgresReachable = false;
  } finally {
    await client.end().catch(() => {});
  }
  if (!postgresReachable && process.env['REQUIRE_POSTGRES'] === '1') {
    throw new Error(`PostgreSQL is required (REQUIRE_POSTGRES=1) but ${POSTGRES_URL} cannot be reached`);
  }
  return postgresReachable;
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

/** A fresh temporary data dir and PostgreSQL schema name, for servers started one after another on the same data. */
export function newTestStorage(): { dataDir: string; pgSchema: string } {
  return { dataDir: temporaryDataDir(), pgSchema: temporarySchemaName() };
}

function temporaryDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'ballot-atlas-test-'));
}

function temporarySchemaName(): string {
  return `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
}

/** Removes what a server started with keepData left behind. */
export async function removeTestData(engine: Engine, storage: { dataDir: string; pgSchema: string }): Promise<void> {
  if (engine === 'postgres') await dropSchema(storage.pgSchema);
  rmSync(storage.dataDir, { recursive: true, force: true });
}

/** A real server on a free port with a temporary data dir (and, for PostgreSQL, a temporary schema). */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const engine = options.engine ?? 'sqlite';
  const storage = { dataDir: options.dataDir ?? temporaryDataDir(), pgSchema: options.pgSchema ?? temporarySchemaName() };
  const { dataDir, pgSchema } = storage;
  const logging = suiteLogging(options.env?.['LOG_LEVEL'], options.appOptions?.logStream);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PROJECT_ID: TEST_PROJECT,
    SCHEMA_FILE: options.schemaFile ?? TEST_SCHEMA,
    API_KEY: TEST_API_KEY,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    ALLOWED_ORIGINS: 'http://allowed.test',
    ...(engine === 'postgres' ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: pgSchema } : {}),
    ...testS3Env(basename(dataDir)),
    ...options.env,
    ...(logging.level ? { LOG_LEVEL: logging.level } : {}),
  });
  let app: App;
  try {
    app = await createApp(config, { ...options.appOptions, ...(logging.stream ? { logStream: logging.stream } : {}) });
  } catch (error) {
    if (!options.keepData) await removeTestData(engine, storage).catch(() => {});
    throw error;
  }
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    config,
    url,
    endpoint: `${url}/v1`,
    dataDir,
    pgSchema,
    async close() {
      await app.close();
      if (!options.keepData) await removeTestData(engine, storage);
    },
  };
}
