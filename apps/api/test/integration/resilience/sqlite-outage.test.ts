/**
 * Issue 11 item 4 on SQLite, under a steady 20 requests a second: the disk full (a page limit the
 * size of the file), the database read-only, another process holding the write lock past the busy
 * timeout. Each time: writes answer 503 `general_service_unavailable` (never a 500), reads go on,
 * /v1/health/db fails while it lasts, service is back alone within seconds (measured and
 * printed), and the log names the outage without a secret, a hash or a token.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSecretsIn, expectOnlyUnavailable, loadThroughOutage, secretsOf, seedOutageDocument, signUpAndIn } from '../../support/outage-checks.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const OUTAGE_MS = 2_000;
const RECOVERY_BOUND_MS = 5_000;
const BUSY_TIMEOUT_MS = 200;

describe('SQLite outages [sqlite]', () => {
  let server: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      env: { LOG_LEVEL: 'info', DATABASE_CONNECT_TIMEOUT_MS: String(BUSY_TIMEOUT_MS) },
      appOptions: { logStream: { write: (line) => void logLines.push(line) } },
    });
    await seedOutageDocument(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  const pragma = (statement: string) => sql.raw(`pragma ${statement}`).execute(server.app.services.dialect.db);

  const outages: { name: string; begin(): Promise<void> | void; end(): Promise<void> | void }[] = [
    {
      name: 'disk full (max_page_count at the current size)',
      async begin() {
        const { rows } = await pragma('page_count');
        await pragma(`max_page_count = ${(rows[0] as { page_count: number }).page_count}`);
      },
      end: () => pragma('max_page_count = 1073741823').then(() => undefined),
    },
    {
      name: 'read-only (query_only)',
      begin: () => pragma('query_only = 1').then(() => undefined),
      end: () => pragma('query_only = 0').then(() => undefined),
    },
    (() => {
      let holder: Database.Database | undefined;
      return {
        name: `write lock held by another process past the busy timeout (${BUSY_TIMEOUT_MS} ms)`,
        begin() {
          holder = new Database(join(server.dataDir, 'ballot-atlas.sqlite'));
          holder.exec('begin immediate');
        },
        end() {
          holder?.exec('rollback');
          holder?.close();
        },
      };
    })(),
  ];

  for (const outage of outages) {
    it(`${outage.name}: writes answer 503, reads go on, health fails, then recovery within seconds`, async () => {
      const user = await signUpAndIn(server.url, outage.name);
      const logStart = logLines.length;
      const { samples, figures, startedAt, restoredAt } = await loadThroughOutage(server.url, user, outage, OUTAGE_MS);
      console.log(`[sqlite] ${outage.name}: ${JSON.stringify(figures)}`);

      expectOnlyUnavailable(samples);
      const during = samples.filter((sample) => sample.sentAt >= startedAt && sample.sentAt < restoredAt);
      expect(during.filter((sample) => sample.name === 'create').every((sample) => sample.status === 503 || sample.status === 201)).toBe(true);
      expect(during.some((sample) => sample.name === 'create' && sample.status === 503), 'a write refused during the outage').toBe(true);
      expect(during.filter((sample) => sample.name === 'list' || sample.name === 'get').map((sample) => sample.status)).not.toContain(503);
      expect(figures.healthFailedDuring, '/v1/health/db failed while the outage lasted').toBe(true);
      expect(figures.recoveryMs).toBeLessThan(RECOVERY_BOUND_MS);
      const health = await fetch(`${server.endpoint}/health/db`);
      await health.arrayBuffer();
      expect(health.status).toBe(200);

      const log = logLines.slice(logStart).join('');
      expect(log).toMatch(/database unavailable \(general_service_unavailable\): SQLITE_\w+: /);
      expect(log).toMatch(/database available again after \d+ ms/);
      expectNoSecretsIn(logLines.join(''), secretsOf(user));
    });
  }
});
