import { join } from 'node:path';
import type { BlobStore } from '../../services/storage/blobs/blob-store.ts';
import { DiskBlobStore } from '../../services/storage/blobs/disk-blob-store.ts';
import { openBlobStore } from '../../services/storage/blobs/open-blob-store.ts';
import type { StorageTarget } from '../../services/storage/blobs/storage-url.ts';

/** One kind of stored object and where a storage set-up keeps it. */
export interface StorageArea {
  name: 'files' | 'chunks' | 'previews';
  store: BlobStore;
  /** The keys of this area start with it. */
  prefix: string;
}

/**
 * Where a set-up keeps files, chunks and previews. Mirrors createStorageServices: on disk the files
 * and chunks are under DATA_DIR/storage and previews under DATA_DIR/cache/previews; on S3 all
 * three share the bucket (previews under `previews/`).
 */
export function storageAreas(target: StorageTarget, dataDir: string): StorageArea[] {
  const store = openBlobStore(target, join(dataDir, 'storage'));
  const previews = store.shared ? { store, prefix: 'previews/' } : { store: new DiskBlobStore(join(dataDir, 'cache', 'previews')), prefix: '' };
  return [
    { name: 'files', store, prefix: 'files/' },
    { name: 'chunks', store, prefix: 'chunks/' },
    { name: 'previews', ...previews },
  ];
}
