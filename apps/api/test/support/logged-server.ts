/**
 * A test server in its own process that logs like `npm start` (JSON lines on stdout, LOG_LEVEL
 * info) and stops like it (SIGTERM/SIGINT drain, then exit), so a test can read everything the
 * process printed and see whether it crashed.
 * `node test/support/logged-server.ts ENGINE OPTIONS_JSON`; OPTIONS_JSON is
 * `{ env?, dataDir?, pgSchema?, keepData? }`. Once listening it prints `{"ready": {...}}`.
 * No unhandledRejection handler on purpose: a rejection nobody handles ends this process, which
 * the test sees.
 */
import { exitOnSignals } from '../../src/http/graceful-shutdown.ts';
import { removeTestData, startTestServer, type Engine } from './test-server.ts';

interface Options {
  env?: Record<string, string>;
  dataDir?: string;
  pgSchema?: string;
  keepData?: boolean;
}

const engine = (process.argv[2] ?? 'sqlite') as Engine;
const options = JSON.parse(process.argv[3] ?? '{}') as Options;
const server = await startTestServer({
  engine,
  dataDir: options.dataDir,
  pgSchema: options.pgSchema,
  keepData: true,
  env: { LOG_LEVEL: 'info', ABUSE_LIMITS: 'disabled', ...options.env },
});
process.stdout.write(`${JSON.stringify({ ready: { endpoint: server.endpoint, dataDir: server.dataDir, pgSchema: server.pgSchema } })}\n`);
exitOnSignals(async (signal) => {
  await server.app.close(signal);
  if (!options.keepData) await removeTestData(engine, server);
}, server.app.server.log);
