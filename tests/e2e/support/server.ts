/**
 * The real server for the end-to-end suite, in this process: API and site on one free port
 * (createApp with the web mounted, as `npm start` does), a temporary SQLite data dir seeded with
 * the demo data, an operator API key for checks behind the scenes, and silent logs.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from '@ballot-atlas/shared/node/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../../apps/api/src/app.ts';
import { loadConfig } from '../../../apps/api/src/config.ts';
import { rememberSecret, suiteLogging } from '../../../apps/api/test/support/suite-log.ts';
import { buildWebIfNeeded, REPO_ROOT, snapshotWebBuild } from './web-build.ts';

export const PROJECT_ID = 'ballot-atlas';
export const SITE_NAME = 'Ballot Atlas';

export interface E2EServer {
  /** http://127.0.0.1:{port} — site at /, API at /v1. */
  url: string;
  apiKey: string;
  projectId: string;
  /** The server's DATA_DIR: mail (no SMTP_URL) lands in its `outbox/` as .eml files. */
  dataDir: string;
  close(): Promise<void>;
}

/** Where a server listens and what it serves: a redeploy test starts the next build on the same port. */
export interface E2EServerPlacement {
  port?: number;
  /** A site build to serve as it is (the caller owns it); by default a snapshot of apps/web/build. */
  webBuildDir?: string;
}

/** `env` adds or overrides settings (e.g. DATABASE_URL and DATABASE_SCHEMA to run on PostgreSQL). */
export async function startE2EServer(log: (line: string) => void = console.log, extraEnv: Record<string, string> = {}, placement: E2EServerPlacement = {}): Promise<E2EServer> {
  let build: { directory: string; dispose(): void };
  if (placement.webBuildDir) build = { directory: placement.webBuildDir, dispose: () => {} };
  else {
    buildWebIfNeeded(log);
    build = snapshotWebBuild();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ballot-atlas-e2e-'));
  const port = placement.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: url,
    SITE_NAME,
    PROJECT_ID,
    DATA_DIR: dataDir,
    SCHEMA_FILE: join(REPO_ROOT, 'appwrite.json'),
    WEB_BUILD_DIR: build.directory,
    API_KEY: `e2e-${randomBytes(24).toString('hex')}`,
    SEED: 'demo',
    LOG_LEVEL: 'silent',
    LANGUAGES: 'en,fr,sw',
    DEFAULT_LANGUAGE: 'en',
    // The sign-in page shows one button per provider; `mock` completes on this server.
    OAUTH_PROVIDERS: 'mock',
    // Every test is the same visitor (127.0.0.1), and together they search and load pictures far
    // more than one person does; the guest rates have tests of their own (search-rate-limit.e2e.test.ts).
    GUEST_SEARCH_RATE: 'off',
    GUEST_PREVIEW_RATE: 'off',
    // Small batches, so an import of a few thousand rows takes a few seconds and its progress bar is seen part-way.
    IMPORT_BATCH_SIZE: '10',
    ...extraEnv,
  };
  // The site reads its settings from process.env on its first request (env.server.ts); the API
  // gets exactly these, so nothing from the caller's environment (a DATABASE_URL…) leaks in.
  Object.assign(process.env, env, { API_ENDPOINT: `${url}/v1` });
  const logging = suiteLogging(undefined, undefined);
  rememberSecret(env.API_KEY);
  const config = loadConfig({ ...env, ...(logging.level ? { LOG_LEVEL: logging.level } : {}) });
  const started = Date.now();
  // React picks its production or development build from NODE_ENV when first loaded (here, by
  // the site's server bundle); Vitest sets "test". Serve what production serves.
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  try {
    app = await createApp(config, { web: true, seed: true, ...(logging.stream ? { logStream: logging.stream } : {}) });
    await app.server.listen({ port, host: config.host });
  } catch (error) {
    await app?.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    build.dispose();
    throw error;
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
  const running = app;
  log(`e2e: server on ${url} (demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return {
    url,
    apiKey: env.API_KEY,
    projectId: PROJECT_ID,
    dataDir,
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
      build.dispose();
    },
  };
}
