/**
 * What a test server holds in its file store, wherever that is (DATA_DIR or STORAGE_URL's bucket),
 * for tests that check bytes at rest or the preview cache without knowing which store runs.
 */
import { storageAreas } from '../../src/ops/storage-migration/storage-areas.ts';
import type { Config } from '../../src/config.ts';

export interface StoredObjects {
  /** The stored (possibly sealed) bytes of a file, or undefined when there are none. */
  fileBytes(bucketId: string, fileId: string): Promise<Buffer | undefined>;
  /** The cache keys (hashes) of a file's rendered previews. */
  previewHashes(bucketId: string, fileId: string): Promise<string[]>;
  /** Replaces one cached preview's entry (content type, newline, bytes). */
  putPreview(bucketId: string, fileId: string, hash: string, entry: Buffer): Promise<void>;
}

export function storedObjects(server: { config: Pick<Config, 'storage' | 'dataDir'> }): StoredObjects {
  const areas = storageAreas(server.config.storage, server.config.dataDir);
  const files = areas.find((area) => area.name === 'files')!;
  const previews = areas.find((area) => area.name === 'previews')!;
  return {
    fileBytes: (bucketId, fileId) => files.store.read(`${files.prefix}${bucketId}/${fileId}`),
    async previewHashes(bucketId, fileId) {
      const folder = `${previews.prefix}${bucketId}/${fileId}/`;
      const hashes: string[] = [];
      for await (const entry of previews.store.list(folder)) hashes.push(entry.key.slice(folder.length));
      return hashes;
    },
    putPreview: (bucketId, fileId, hash, entry) => previews.store.putBytes(`${previews.prefix}${bucketId}/${fileId}/${hash}`, entry),
  };
}
