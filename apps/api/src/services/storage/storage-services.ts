import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { sharedSetting } from '../../db/system/settings.ts';
import type { ProjectSchema } from '../../schema/project-schema.ts';
import { randomHex } from '../account/primitives/secrets.ts';
import { ChunkLedger } from './chunk-ledger.ts';
import { DiskDevice } from './disk-device.ts';
import { FilesService } from './files-service.ts';
import { PreviewCache } from './preview/preview-cache.ts';

/** Uploads that have not received a chunk for this long are removed with their partial data. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface StorageServices {
  files: FilesService;
  /** Rendered previews on disk, keyed by file content and parameters. */
  previews: PreviewCache;
  /** Multipart file parts are spooled here while a request is handled. */
  uploadTempDir: string;
  /** The largest file any bucket accepts. */
  maxUploadBytes: number;
  stop(): void;
}

export async function createStorageServices(dialect: SqlDialect, schema: ProjectSchema, config: Config): Promise<StorageServices> {
  await ChunkLedger.createTable(dialect);
  // Kept with the data like the JWT key, so every process can read what another encrypted.
  const storageKey = Buffer.from(await sharedSetting(dialect, 'storage_key', () => randomHex(32)), 'hex');
  const files = new FilesService(dialect, schema, new DiskDevice(join(config.dataDir, 'storage')), storageKey);
  const sweep = () => void files.sweepAbandonedUploads(new Date(Date.now() - ABANDONED_UPLOAD_MS)).catch(() => {});
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return {
    files,
    previews: new PreviewCache(join(config.dataDir, 'cache', 'previews')),
    uploadTempDir: join(config.dataDir, 'tmp'),
    maxUploadBytes: Math.max(1, ...schema.buckets.map((bucket) => bucket.maximumFileSize)),
    stop: () => clearInterval(timer),
  };
}
