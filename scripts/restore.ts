/**
 * `npm run restore -- --from DIR [--force]`: verifies every checksum of a backup made by
 * `npm run backup`, then restores it into the configured database and DATA_DIR/storage. Refuses a
 * target that holds data unless --force. Stop the server first. See README, "Backup and restore".
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../apps/api/src/config.ts';
import { BackupError } from '../apps/api/src/ops/backup/backup-manifest.ts';
import { restoreBackup } from '../apps/api/src/ops/backup/restore-backup.ts';
import { ToolError } from '../apps/api/src/ops/backup/postgres-tools.ts';

const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean', default: false } } });
if (!values.from) {
  console.error('Usage: npm run restore -- --from DIR [--force]');
  process.exit(2);
}
try {
  const manifest = await restoreBackup({ config: loadConfig(), from: values.from, force: values.force!, log: (line) => console.log(line) });
  console.log(`Restored the ${manifest.engine} backup of ${manifest.createdAt} (schema ${manifest.schemaVersion.slice(0, 12)}). Start the server.`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ToolError || error instanceof ConfigError)) throw error;
  console.error(`${error instanceof BackupError ? 'Restore refused' : 'Restore failed'}: ${error.message}`);
  process.exit(1);
}
