/**
 * `npm run storage:migrate -- --to s3://BUCKET[/prefix]?endpoint=…` copies the configured file store
 * (DATA_DIR/storage and DATA_DIR/cache/previews, or STORAGE_URL's bucket) into that bucket;
 * `--to disk` copies STORAGE_URL's bucket back under DATA_DIR. Resumable: run it again after a
 * stop and it skips what is already there. Then set (or unset) STORAGE_URL and restart the servers.
 * See docs/decisions/029-object-storage.md.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../apps/api/src/config.ts';
import { migrateStorage, type MigrationProgress } from '../apps/api/src/ops/storage-migration/migrate-storage.ts';
import { storageAreas } from '../apps/api/src/ops/storage-migration/storage-areas.ts';
import { parseStorageUrl, type StorageTarget } from '../apps/api/src/services/storage/blobs/storage-url.ts';

const USAGE = 'Usage: npm run storage:migrate -- --to s3://BUCKET[/key-prefix]?endpoint=URL&region=R&forcePathStyle=true | --to disk';

const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (!values.to) {
  console.error(USAGE);
  process.exit(2);
}
let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const parsed: { target: StorageTarget; problems: string[] } = values.to === 'disk' ? { target: { kind: 'disk' }, problems: [] } : parseStorageUrl(values.to, process.env);
if (parsed.problems.length) {
  console.error(`--to: ${parsed.problems.join('; ')}\n${USAGE}`);
  process.exit(2);
}
if (parsed.target.kind === config.storage.kind && parsed.target.kind === 'disk') {
  console.error('The file store is already on disk (STORAGE_URL is not set): nothing to copy.');
  process.exit(2);
}
const from = storageAreas(config.storage, config.dataDir);
const to = storageAreas(parsed.target, config.dataDir);
console.log(`Copying ${from[0]!.store.description} → ${to[0]!.store.description}`);
const started = Date.now();
let lastLine = 0;
const line = (state: MigrationProgress) => `${state.area}: ${state.copied} copied (${(state.bytesCopied / 1e6).toFixed(1)} MB), ${state.skipped} already there`;
const results = await migrateStorage({
  from,
  to,
  scratchDir: join(config.dataDir, 'tmp', `storage-migrate-${process.pid}`),
  progress(state, done) {
    if (!done && Date.now() - lastLine < 1000) return;
    lastLine = Date.now();
    console.log(line(state));
  },
});
const copied = results.reduce((sum, state) => sum + state.copied, 0);
const skipped = results.reduce((sum, state) => sum + state.skipped, 0);
console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${copied} objects copied, ${skipped} already there. Now ${parsed.target.kind === 'disk' ? 'unset STORAGE_URL' : `set STORAGE_URL=${values.to}`} and restart the servers.`);
