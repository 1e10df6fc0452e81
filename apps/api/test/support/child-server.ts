/**
 * A test server in its own process, for measurements the test process must not disturb (memory):
 * `node test/support/child-server.ts [sqlite|postgres]` starts one as startTestServer does, prints
 * `{"endpoint", "dataDir"}` as one JSON line, and closes (removing its data) on SIGTERM.
 */
import { startTestServer, type Engine } from './test-server.ts';

const engine = (process.argv[2] ?? 'sqlite') as Engine;
const server = await startTestServer({ engine, env: { ABUSE_LIMITS: 'disabled' } });
process.stdout.write(`${JSON.stringify({ endpoint: server.endpoint, dataDir: server.dataDir })}\n`);
process.once('SIGTERM', () => {
  server.app.server.server.closeAllConnections();
  void server.close().then(() => process.exit(0));
});
