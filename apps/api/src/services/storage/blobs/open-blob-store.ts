import { DiskBlobStore } from './disk-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';
import type { BlobStore } from './blob-store.ts';
import type { StorageTarget } from './storage-url.ts';

/** The store STORAGE_URL names; unset, the folder on disk (`DATA_DIR/storage`). */
export function openBlobStore(target: StorageTarget, diskRoot: string): BlobStore {
  return target.kind === 's3' ? new S3BlobStore(target) : new DiskBlobStore(diskRoot);
}
