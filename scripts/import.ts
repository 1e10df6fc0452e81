/**
 * `npm run import -- FILE… [--dry-run] [--collection C] [--format csv|popolo|geojson] [--allow-refused]`:
 * loads directory data from CSV files (one collection each, named `<collection>.csv` or by
 * --collection) or Popolo JSON documents into the configured store (DATA_DIR SQLite, or
 * DATABASE_URL). First a dry run prints what every row would do (create, update, unchanged, or
 * refused with the reason and its line or JSON pointer); then, unless --dry-run, the rows are
 * written in batches with a progress line. A refused row stops the import before anything is
 * written (exit 1) unless --allow-refused, which writes the others. Re-importing a file changes
 * nothing. Every change is in the history with the file's name as its source.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { describeImportFiles, ImportFileError, importFiles, type ImportFile } from '../apps/api/src/directory-io/import-files.ts';
import { loadProjectSchema } from '../apps/api/src/schema/project-schema.ts';
import { outcomeLine, progressLine, summaryLine } from '../apps/api/src/directory-io/import-report.ts';

const usage = 'Usage: npm run import -- FILE… [--dry-run] [--collection C] [--format csv|popolo|geojson] [--allow-refused]';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean', default: false }, 'allow-refused': { type: 'boolean', default: false }, collection: { type: 'string' }, format: { type: 'string' } },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (positionals.length === 0) {
  console.error(usage);
  process.exit(2);
}

const missing = positionals.find((path) => !existsSync(path));
if (missing) {
  console.error(`No file ${missing}`);
  process.exit(2);
}
const config = loadConfig({ ...process.env, LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn', SEED: 'none' });
let files: ImportFile[];
try {
  files = describeImportFiles(loadProjectSchema(config.schemaFile), positionals, { format: values.format, collection: values.collection });
} catch (error) {
  if (!(error instanceof ImportFileError)) throw error;
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}

const app = await createApp(config);
try {
  const dryRun = await importFiles(app.services, files, { write: false, onRow: (outcome) => console.log(outcomeLine(outcome)) });
  console.log(`dry run: ${summaryLine(dryRun)}`);
  const refusedStops = dryRun.refused > 0 && !values['allow-refused'];
  if (refusedStops) {
    console.log(`${dryRun.refused} row${dryRun.refused === 1 ? '' : 's'} refused: nothing ${values['dry-run'] ? 'would be' : 'was'} written. Fix them, or pass --allow-refused to import the others.`);
    process.exitCode = 1;
  } else if (!values['dry-run'] && dryRun.create + dryRun.update === 0) {
    console.log('nothing to write: no row creates or changes a record');
  } else if (!values['dry-run']) {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const interactive = process.stdout.isTTY === true;
    let lastPrinted = 0;
    const written = await importFiles(app.services, files, {
      write: true,
      onRow: (outcome) => {
        if (outcome.action !== 'refused') return;
        if (interactive) process.stdout.write('\r\x1b[K');
        console.log(outcomeLine(outcome));
      },
      onProgress: (done) => {
        const line = progressLine(done, dryRun.rows, seconds());
        if (interactive) process.stdout.write(`\r\x1b[K${line}`);
        else if (performance.now() - lastPrinted > 2000) {
          lastPrinted = performance.now();
          console.log(line);
        }
      },
    });
    if (interactive) process.stdout.write('\r\x1b[K');
    console.log(progressLine(written.rows, dryRun.rows, seconds()));
    console.log(`imported in ${seconds().toFixed(1)} s: ${summaryLine(written)}`);
    if (written.refused > 0 && !values['allow-refused']) process.exitCode = 1;
  }
} catch (error) {
  console.error(`import failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await app.close();
}
