/**
 * Our API for the storage benchmark: createApp with bench/storage-schema.json (one bucket, `uploads`,
 * anyone may create, read and delete) on a fresh data dir. Started by bench/storage.ts as a child
 * process: `node bench/servers/storage-ours.ts <data dir> [extra env as JSON, e.g. STORAGE_URL and AWS_*]`;
 * reports `{ port }` over IPC, empties a file's preview cache on "invalidate-previews:<file id>"
 * (answering `{ invalidated }`) and closes on "stop".
 */
import { join } from 'node:path';
import { createApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node bench/servers/storage-ours.ts <data dir>');
const config = loadConfig({
  DATA_DIR: dataDir,
  SCHEMA_FILE: join(import.meta.dirname, '..', 'storage-schema.json'),
  PROJECT_ID: 'bench-storage',
  SEED: 'none',
  LOG_LEVEL: 'silent',
  ABUSE_LIMITS: 'disabled',
  HOST: '127.0.0.1',
  PORT: '0',
  ...(process.argv[3] ? (JSON.parse(process.argv[3]) as Record<string, string>) : {}),
});
const app = await createApp(config);
await app.server.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.server.address();
process.send?.({ ready: true, port: typeof address === 'object' && address ? address.port : 0 });
const INVALIDATE = 'invalidate-previews:';
process.on('message', (message) => {
  if (typeof message === 'string' && message.startsWith(INVALIDATE)) {
    void app.services.storage.previews.invalidate('uploads', message.slice(INVALIDATE.length)).then(() => process.send?.({ invalidated: true }));
    return;
  }
  if (message !== 'stop') return;
  app.server.server.closeAllConnections();
  void app.close().then(() => process.exit(0));
});
