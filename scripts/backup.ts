/**
 * `npm run backup -- --to DIR`: a consistent snapshot of the configured database (SQLite's online
 * backup API, or pg_dump of DATABASE_SCHEMA) and of the file store under DATA_DIR/storage, with a
 * manifest of counts and checksums — while the server runs. See README, "Backup and restore".
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../apps/api/src/config.ts';
import { BackupError } from '../apps/api/src/ops/backup/backup-manifest.ts';
import { createBackup } from '../apps/api/src/ops/backup/create-backup.ts';
import { ToolError } from '../apps/api/src/ops/backup/postgres-tools.ts';

const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (!values.to) {
  console.error('Usage: npm run backup -- --to DIR');
  process.exit(2);
}
const started = Date.now();
try {
  const manifest = await createBackup({ config: loadConfig(), to: values.to, log: (line) => console.log(line) });
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  const documents = Object.entries(manifest.counts).filter(([name]) => !name.startsWith('_')).reduce((sum, [, count]) => sum + count, 0);
  console.log(`Backed up ${manifest.engine} (${documents} documents, ${manifest.counts['_auth/users'] ?? 0} users, ${manifest.files.length - 1} stored files; ${(bytes / 1e6).toFixed(1)} MB) to ${values.to} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ToolError || error instanceof ConfigError)) throw error;
  console.error(`Backup failed: ${error.message}`);
  process.exit(1);
}
