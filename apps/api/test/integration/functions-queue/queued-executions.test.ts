// The durable queue under executions: an execution accepted by a process that never runs it is run
// once by the next process on the same data, and a scheduled execution runs when its time comes
// (the server's clock is moved ahead instead of waiting minutes).
import { afterEach, describe, expect, it } from 'vitest';
import { schemaFileWithFunctions } from '../../support/schema-variants.ts';
import { operatorAnswer, type Method } from '../../support/scenario.ts';
import { newTestStorage, postgresAvailable, removeTestData, startTestServer, type Engine, type TestServer } from '../../support/test-server.ts';

const SCHEMA_FILE = schemaFileWithFunctions([{ $id: 'echo', name: 'Echo', execute: ['any'], timeout: 5 }]);
const postgresUp = await postgresAvailable();

function call(server: TestServer, method: Method, path: string, body?: unknown): Promise<any> {
  return operatorAnswer(server, method, `/v1${path}`, body);
}

async function finished(server: TestServer, executionId: string, timeoutMs = 15_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const execution = await call(server, 'GET', `/functions/echo/executions/${executionId}`);
    if (execution.status === 'completed' || execution.status === 'failed') return execution;
    if (Date.now() > deadline) throw new Error(`execution still ${execution.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const engine of ['sqlite', 'postgres'] as Engine[]) {
  describe.skipIf(engine === 'postgres' && !postgresUp)(`queued executions [${engine}]`, () => {
    const storage = newTestStorage();
    const running: TestServer[] = [];
    const start = async (env: Record<string, string>, clock?: { now(): number }) => {
      const server = await startTestServer({ engine, ...storage, keepData: true, env: { SCHEMA_FILE, JOBS_POLL_MS: '100', ...env }, appOptions: clock ? { clock } : {} });
      running.push(server);
      return server;
    };
    afterEach(async () => {
      for (const server of running.splice(0)) await server.close();
      await removeTestData(engine, storage);
    });

    it('an execution accepted by a process that stops before running it runs exactly once after the restart', async () => {
      const accepting = await start({ EXECUTIONS_CONCURRENCY: '0' });
      const accepted = await call(accepting, 'POST', '/functions/echo/executions', { async: true, path: '/after-restart' });
      expect(accepted).toMatchObject({ httpStatus: 202, status: 'waiting', $id: expect.any(String) });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await call(accepting, 'GET', `/functions/echo/executions/${accepted.$id}`)).status).toBe('waiting');
      await accepting.close();
      running.splice(0);

      const runner = await start({});
      expect(await finished(runner, accepted.$id)).toMatchObject({ status: 'completed', requestPath: '/after-restart', responseStatusCode: 200 });
      const job = await runner.app.services.functions.queue.find(accepted.$id);
      expect(Number(job!.attempts)).toBe(1);
      expect(Number(job!.done_at)).toBeGreaterThan(0);
      const logs = (await call(runner, 'GET', `/functions/echo/executions/${accepted.$id}`)).logs as string;
      expect(logs.match(/ran POST \/after-restart/g)).toHaveLength(1);
    });

    it('a scheduled execution waits for its minute, then runs (the clock is moved past it)', async () => {
      let offset = 0;
      const server = await start({}, { now: () => Date.now() + offset });
      const at = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 120_000).toISOString();
      const scheduled = await call(server, 'POST', '/functions/echo/executions', { async: true, path: '/at-time', scheduledAt: at });
      expect(scheduled).toMatchObject({ httpStatus: 202, status: 'scheduled', trigger: 'schedule' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await call(server, 'GET', `/functions/echo/executions/${scheduled.$id}`)).status).toBe('scheduled');
      offset = Date.parse(at) - Date.now() + 1000;
      expect(await finished(server, scheduled.$id)).toMatchObject({ status: 'completed', requestPath: '/at-time' });
    });
  });
}
