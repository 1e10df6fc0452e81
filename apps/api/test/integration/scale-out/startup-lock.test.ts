// The start-up lock (db/startup-lock.ts) on both engines: a second holder waits (and says so once)
// until the first releases; another PostgreSQL schema does not wait; a holder killed with SIGKILL
// frees it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireStartupLock, type StartupLockConfig } from '../../../src/db/startup-lock.ts';
import type { StartupLock } from '../../../src/db/startup-lock-handle.ts';
import { POSTGRES_URL, postgresAvailable, type Engine } from '../../support/test-server.ts';

const HOLDER = fileURLToPath(new URL('../../support/hold-startup-lock.ts', import.meta.url));
// Each test's DATA_DIR is a folder inside this one that does not exist yet, as on a first start.
const dataDir = mkdtempSync(join(tmpdir(), 'ballot-atlas-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function configFor(engine: Engine, schema: string): StartupLockConfig {
  return { dataDir: join(dataDir, schema), databaseUrl: engine === 'postgres' ? POSTGRES_URL : undefined, databaseSchema: schema };
}

/** Whether `promise` settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
}

function acquireCountingWaits(config: StartupLockConfig): { lock: Promise<StartupLock>; waits: () => number } {
  let waits = 0;
  const lock = acquireStartupLock(config, () => waits++);
  return { lock, waits: () => waits };
}

for (const engine of ['sqlite', 'postgres'] as const) {
  describe.skipIf(engine === 'postgres' && !(await postgresAvailable()))(`start-up lock [${engine}]`, () => {
    it('a second process waits, once logged, until the first releases', async () => {
      const config = configFor(engine, `lock_${engine}_a`);
      const first = await acquireStartupLock(config, () => expect.fail('the first holder should not wait'));
      const second = acquireCountingWaits(config);
      expect(await settlesWithin(second.lock, 500)).toBe(false);
      expect(second.waits()).toBe(1);
      await first.release();
      expect(await settlesWithin(second.lock, 5_000)).toBe(true);
      expect(second.waits()).toBe(1);
      await (await second.lock).release();
      // Free again once released.
      await (await acquireStartupLock(config, () => expect.fail('nobody holds it'))).release();
    });

    it('a holder killed with SIGKILL releases it', async () => {
      const config = configFor(engine, `lock_${engine}_b`);
      const holder = spawn(process.execPath, [HOLDER, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve) => createInterface({ input: holder.stdout! }).once('line', () => resolve()));
      const waiting = acquireCountingWaits(config);
      expect(await settlesWithin(waiting.lock, 500)).toBe(false);
      holder.kill('SIGKILL');
      expect(await settlesWithin(waiting.lock, 10_000)).toBe(true);
      expect(waiting.waits()).toBe(1);
      await (await waiting.lock).release();
    });
  });
}

describe.skipIf(!(await postgresAvailable()))('start-up lock [postgres]: schemas', () => {
  it('a process starting on another schema does not wait', async () => {
    const first = await acquireStartupLock(configFor('postgres', 'lock_schema_one'), () => {});
    try {
      const other = await acquireStartupLock(configFor('postgres', 'lock_schema_two'), () => expect.fail('another schema should not wait'));
      await other.release();
    } finally {
      await first.release();
    }
  });
});
