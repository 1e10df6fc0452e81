import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { sharedSetting } from '../../db/system/settings.ts';
import type { ProjectSchema } from '../../schema/project-schema.ts';
import type { EventBus } from '../../events/index.ts';
import { randomHex } from '../account/primitives/secrets.ts';
import { ChunkLedger } from './chunk-ledger.ts';
import { BlobFileDevice } from './blob-file-device.ts';
import { DiskBlobStore } from './blobs/disk-blob-store.ts';
import { openBlobStore } from './blobs/open-blob-store.ts';
import type { FileDevice } from './file-device.ts';
import { fileBuckets } from './file-buckets.ts';
import { FilesService } from './files-service.ts';
import { PreviewCache } from './preview/preview-cache.ts';
import { instanceName, THIS_PROCESS } from './process-instance.ts';
import { StorageSweep, type SweepReport } from './storage-sweep.ts';
import { UploadAssembly } from './upload-assembly.ts';
import { UploadsInProgressCap } from './uploads-in-progress.ts';
import { uploadPlacer, type UploadRequest } from './upload-placer.ts';
import type { Identity } from '../../core/context.ts';
import type { FilePartArrival, PlacedFilePart } from '../../core/uploaded-file.ts';

/** Uploads that have not received a chunk for this long are removed with their partial data. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** How often the sweep runs after the start-up one (scheduled by app.ts, once per tick per machine). */
export const STORAGE_SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface StorageServices {
  files: FilesService;
  /** Rendered previews (on disk, or beside the files in S3), keyed by file content and parameters. */
  previews: PreviewCache;
  /** Where file bytes and chunks live (disk or S3); the health check probes it. */
  device: FileDevice;
  /** This process's scratch folder: multipart file parts are spooled here while a request is handled. */
  uploadTempDir: string;
  /** The largest file any bucket accepts. */
  maxUploadBytes: number;
  /** Writes an upload request's `file` part straight into its final place, when it can (upload-placer.ts). */
  placeFilePart(identity: Identity, request: UploadRequest, arrival: FilePartArrival): Promise<PlacedFilePart | undefined>;
  /** Cleans up after crashed processes and abandoned uploads; done at start-up, then every hour. */
  sweep(): Promise<SweepReport>;
  /** What the start-up sweep did, or why it failed (the server starts either way; the next sweep tries again). */
  startupSweep: SweepReport | Error;
}

export async function createStorageServices(dialect: SqlDialect, schema: ProjectSchema, config: Config, events: EventBus): Promise<StorageServices> {
  await ChunkLedger.createTable(dialect);
  // Kept with the data like the JWT key, so every process can read what another encrypted.
  const storageKey = Buffer.from(await sharedSetting(dialect, 'storage_key', () => randomHex(32)), 'hex');
  const scratchRoot = join(config.dataDir, 'tmp');
  // Named after this process, so a later start knows whose leftovers it finds (see process-instance.ts).
  const uploadTempDir = join(scratchRoot, instanceName(THIS_PROCESS));
  await mkdir(uploadTempDir, { recursive: true });
  const buckets = fileBuckets(dialect, schema);
  const store = openBlobStore(config.storage, join(config.dataDir, 'storage'));
  const device = new BlobFileDevice(store, uploadTempDir);
  const ledger = new ChunkLedger(dialect);
  const assembly = new UploadAssembly(device, ledger, storageKey, THIS_PROCESS, events);
  const uploadsInProgress = new UploadsInProgressCap(buckets, config.abuseLimits ? config.uploadsInProgressPerUser : 0);
  const files = new FilesService({ buckets, device, ledger, assembly, storageKey, uploadsInProgress, events });
  const sweeper = new StorageSweep({ buckets, files, device, ledger, assembly, scratchRoot });
  const sweep = () => sweeper.run(new Date(Date.now() - ABANDONED_UPLOAD_MS));
  // Before the first request: a crash's leftovers are gone, and its interrupted assemblies finished or resumable.
  const startupSweep = await sweep().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  return {
    files,
    previews: store.shared ? new PreviewCache(store, 'previews/') : new PreviewCache(new DiskBlobStore(join(config.dataDir, 'cache', 'previews'))),
    device,
    uploadTempDir,
    maxUploadBytes: Math.max(1, ...schema.buckets.map((bucket) => bucket.maximumFileSize)),
    placeFilePart: uploadPlacer(files, device),
    sweep,
    startupSweep,
  };
}
