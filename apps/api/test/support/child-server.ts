/**
 * A test server in its own process, for measurements the test process must not disturb (memory):
 * `node test/support/child-server.ts [sqlite|postgres]` starts one as startTestServer does, prints
 * `{"endpoint", "dataDir"}` as one JSON line, and closes (removing its data) on SIGTERM.
 * An optional third argument, JSON `{ dataDir, pgSchema, schemaFile?, env? }`, reopens that data
 * instead (kept on exit), so a server killed with SIGKILL can be restarted on what it left;
 * `seed: true` in it writes the demo data (SEED) as main does.
 */
import { startTestServer, type Engine, type TestServerOptions } from './test-server.ts';

const engine = (process.argv[2] ?? 'sqlite') as Engine;
type ChildData = Pick<TestServerOptions, 'dataDir' | 'pgSchema' | 'schemaFile' | 'env'> & { seed?: boolean };
const { seed = false, ...reopen }: ChildData = process.argv[3] ? (JSON.parse(process.argv[3]) as ChildData) : {};
const reopening = process.argv[3] !== undefined;
const server = await startTestServer({ engine, ...reopen, env: { ABUSE_LIMITS: 'disabled', ...reopen.env }, keepData: reopening, appOptions: { seed } });
process.stdout.write(`${JSON.stringify({ endpoint: server.endpoint, dataDir: server.dataDir })}\n`);
process.once('SIGTERM', () => {
  server.app.server.server.closeAllConnections();
  void server.close().then(() => process.exit(0));
});
