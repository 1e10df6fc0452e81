/**
 * `npm run export -- --to DIR [--collection C] [--format csv|popolo]`: writes the directory (or
 * one collection) from the configured store (DATA_DIR SQLite, or DATABASE_URL) into DIR: CSV as
 * one `<collection>.csv` per collection (the default), Popolo as `popolo.json`. Read a page at a
 * time, so memory stays flat on a million candidates; works while the server runs. Importing the
 * files into an empty database and exporting again gives the same bytes.
 */
import { parseArgs } from 'node:util';
import { createApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { exportToDirectory } from '../apps/api/src/directory-io/export-files.ts';

const usage = 'Usage: npm run export -- --to DIR [--collection C] [--format csv|popolo]';
let parsed;
try {
  parsed = parseArgs({ options: { to: { type: 'string' }, collection: { type: 'string' }, format: { type: 'string', default: 'csv' } } });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const { values } = parsed;
if (!values.to || (values.format !== 'csv' && values.format !== 'popolo')) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn', SEED: 'none' });
const app = await createApp(config);
try {
  const started = performance.now();
  const files = await exportToDirectory(app.services, values.to, { format: values.format, collection: values.collection });
  const seconds = (performance.now() - started) / 1000;
  for (const file of files) console.log(`${file.path}: ${file.count.toLocaleString('en-US')} ${values.format === 'csv' ? 'rows' : 'items'}`);
  console.log(`exported in ${seconds.toFixed(1)} s`);
} catch (error) {
  console.error(`export failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await app.close();
}
