/**
 * Our API for the benchmark: createApp on the cached data dir, listening on a free loopback port.
 * Started by bench/run.ts as a child process: `node bench/servers/ours.ts <data dir> [settings JSON]`
 * (the settings, e.g. `{"SCHEMA_FILE": …}` from bench/functions.ts, override the defaults); reports
 * `{ port }` over IPC and closes cleanly on the "stop" message (so --cpu-prof profiles get written).
 */
import { createApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node bench/servers/ours.ts <data dir> [settings JSON]');
const { WEB: web, ...settings } = JSON.parse(process.argv[3] ?? '{}') as Record<string, string>;
const config = loadConfig({
  DATA_DIR: dataDir,
  SCHEMA_FILE: 'appwrite.json',
  SEED: 'none',
  LOG_LEVEL: 'silent',
  ABUSE_LIMITS: 'disabled',
  HOST: '127.0.0.1',
  PORT: '0',
  ...settings,
});
// WEB=1: the site is mounted too, as `npm start` serves it (bench/capacity.ts measures page views).
const app = await createApp(config, { web: web === '1' });
const { created, altered } = app.schemaReport;
if (created.length || altered.length) console.error(`bench: schema changed the cached data set (created ${created.join(', ')}; altered ${altered.join(', ')})`);
await app.server.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.server.address();
// The site finds the API by PORT, which is 0 here; its environment is read at the first request.
if (web === '1' && typeof address === 'object' && address) process.env['API_ENDPOINT'] ??= `http://127.0.0.1:${address.port}/v1`;
process.send?.({ ready: true, port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', (message) => {
  // bench/realtime.ts: the heap after a full collection (with --expose-gc) and the sockets held.
  if (message === 'memory') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ memory: process.memoryUsage(), sockets: app.realtime.size });
    return;
  }
  if (message !== 'stop') return;
  app.server.server.closeAllConnections();
  void app.close().then(() => process.exit(0));
});
