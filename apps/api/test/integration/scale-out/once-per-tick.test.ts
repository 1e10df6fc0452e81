// Periodic work runs once per tick across processes (jobs/once-per-tick.ts): two servers on the same
// data, each with its own connections, race for the same ticks; the real expired-transactions sweep
// run by both at one tick is done by one of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../src/core/context.ts';
import { now } from '../../../src/core/dates.ts';
import { OncePerTick } from '../../../src/jobs/once-per-tick.ts';
import { newTestStorage, postgresAvailable, removeTestData, startTestServer, type TestServer } from '../../support/test-server.ts';

const PERIOD_MS = 250;

for (const engine of ['sqlite', 'postgres'] as const) {
  describe.skipIf(engine === 'postgres' && !(await postgresAvailable()))(`once per tick across two servers [${engine}]`, () => {
    const storage = newTestStorage();
    let servers: TestServer[] = [];

    beforeAll(async () => {
      servers.push(await startTestServer({ engine, ...storage, keepData: true }));
      servers.push(await startTestServer({ engine, ...storage, keepData: true }));
    }, 60_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.close()));
      servers = [];
      await removeTestData(engine, storage);
    });

    it('the same tick claimed by both at once runs in exactly one', async () => {
      const ran: string[] = [];
      const schedulers = servers.map((server, index) => {
        const periodic = new OncePerTick(server.app.services.dialect, (message) => expect.fail(message));
        // Scheduled an hour apart so that only runTick below runs it.
        periodic.every('test.race', 3_600_000, async () => void ran.push(`server ${index}`));
        return periodic;
      });
      try {
        const base = OncePerTick.tickOf(3_600_000) - 100 * 3_600_000;
        for (let tick = base; tick < base + 20 * 3_600_000; tick += 3_600_000) {
          const outcomes = await Promise.all(schedulers.map((periodic) => periodic.runTick('test.race', tick)));
          expect(outcomes.filter(Boolean)).toHaveLength(1);
        }
        expect(ran).toHaveLength(20);
      } finally {
        await Promise.all(schedulers.map((periodic) => periodic.stop()));
      }
    });

    it(`on their timers (every ${PERIOD_MS} ms), each tick runs once, in one of the two`, async () => {
      const ticks: number[] = [];
      const schedulers = servers.map((server) => {
        const periodic = new OncePerTick(server.app.services.dialect, (message) => expect.fail(message));
        periodic.every('test.timer', PERIOD_MS, async (tick) => void ticks.push(tick));
        return periodic;
      });
      await new Promise((resolve) => setTimeout(resolve, 10 * PERIOD_MS + PERIOD_MS / 2));
      await Promise.all(schedulers.map((periodic) => periodic.stop()));
      expect(ticks.length).toBeGreaterThanOrEqual(8);
      expect(ticks.length).toBeLessThanOrEqual(11);
      expect(new Set(ticks).size).toBe(ticks.length);
    });

    it('the expired-transactions sweep run by both at one tick is done once, and removes every expired transaction', async () => {
      const [first, second] = servers as [TestServer, TestServer];
      const { store } = first.app.services.transactions;
      for (let index = 0; index < 5; index++) {
        const created = await first.app.services.transactions.create(ADMIN, 60);
        const stored = (await store.rows.get(created.$id, { kind: 'all' }))!;
        await store.rows.update(stored.sequence, { expiresAt: '2000-01-01T00:00:00.000+00:00' }, undefined, now());
      }
      expect(await store.expiredBefore(now(), 100)).toHaveLength(5);
      // A tick long past, which the servers' own timers never claim.
      const tick = 60_000 * 1_000;
      const outcomes = await Promise.all([first, second].map((server) => server.app.periodic.runTick('transactions.expired-sweep', tick)));
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(await store.expiredBefore(now(), 100)).toHaveLength(0);
      // The same tick again, later: nobody runs it.
      expect(await Promise.all([first, second].map((server) => server.app.periodic.runTick('transactions.expired-sweep', tick)))).toEqual([false, false]);
    });
  });
}
