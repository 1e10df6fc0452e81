import { createHash } from 'node:crypto';
import { isValidId } from '@ballot-atlas/shared/appwrite/id';
import type { BlobStore } from '../blobs/blob-store.ts';
import { normalisePreviewOptions } from './preview-options.ts';
import type { PreviewOptions } from './preview-params.ts';

/** Where one rendered preview lives: `<prefix><bucketId>/<fileId>/<hash>` in the cache's blob store. */
export interface PreviewCacheKey {
  bucketId: string;
  fileId: string;
  /** sha256 (hex) of the bucket, the file, its content signature and the normalised options. */
  hash: string;
}

export interface CachedPreview {
  body: Buffer;
  contentType: string;
}

export interface PreviewKeyInput {
  bucketId: string;
  fileId: string;
  /** Changes whenever the file's bytes change: its signature (md5) or `$updatedAt`. */
  signature: string;
  options: PreviewOptions;
}

/** The cache key of a preview; equal requests (defaults spelled out or not, `jpg` or `jpeg`) share it. */
export function previewCacheKey(input: PreviewKeyInput): PreviewCacheKey {
  assertSafeId(input.bucketId);
  assertSafeId(input.fileId);
  const material = JSON.stringify([input.bucketId, input.fileId, input.signature, normalisePreviewOptions(input.options)]);
  return { bucketId: input.bucketId, fileId: input.fileId, hash: createHash('sha256').update(material).digest('hex') };
}

/** A strong ETag for the preview stored under `key`: the same key always means the same bytes. */
export function previewEtag(key: PreviewCacheKey): string {
  return `"${key.hash}"`;
}

/**
 * Rendered previews in a blob store: on disk (DATA_DIR/cache/previews) by default, beside the files
 * in S3 when STORAGE_URL is set, so a preview one process rendered is a hit on every other. Each
 * entry is one object: the content type, a newline, then the bytes; a store's writes are atomic,
 * so a reader sees a whole entry or none.
 */
export class PreviewCache {
  private readonly store: BlobStore;
  /** Before every key: `previews/` in a store shared with the files, empty in a folder of its own. */
  private readonly keyPrefix: string;
  private readonly inFlight = new Map<string, Promise<CachedPreview>>();

  constructor(store: BlobStore, keyPrefix = '') {
    this.store = store;
    this.keyPrefix = keyPrefix;
  }

  async get(key: PreviewCacheKey): Promise<CachedPreview | undefined> {
    const stored = await this.store.read(this.keyOf(key));
    if (!stored) return undefined;
    const newline = stored.indexOf(0x0a);
    if (newline < 0) return undefined;
    return { contentType: stored.subarray(0, newline).toString('latin1'), body: stored.subarray(newline + 1) };
  }

  async put(key: PreviewCacheKey, value: CachedPreview): Promise<void> {
    if (/[\r\n]/.test(value.contentType)) throw new Error('A content type cannot contain a line break.');
    await this.store.putBytes(this.keyOf(key), Buffer.concat([Buffer.from(`${value.contentType}\n`, 'latin1'), value.body]));
  }

  /** Removes every preview of a file (on update, re-upload or delete). */
  async invalidate(bucketId: string, fileId: string): Promise<void> {
    await this.store.removeAll(`${this.folderOf(bucketId, fileId)}/`);
  }

  /** Removes every preview of a bucket's files (on bucket delete). */
  async invalidateBucket(bucketId: string): Promise<void> {
    assertSafeId(bucketId);
    await this.store.removeAll(`${this.keyPrefix}${bucketId}/`);
  }

  etag(key: PreviewCacheKey): string {
    return previewEtag(key);
  }

  /**
   * The cached preview, else `render()`'s result stored for next time. Concurrent calls for one key share a single render;
   * a failure to store is not the caller's problem (the next request renders again).
   */
  async getOrRender(key: PreviewCacheKey, render: () => Promise<CachedPreview>): Promise<{ preview: CachedPreview; cached: boolean }> {
    const cached = await this.get(key);
    if (cached) return { preview: cached, cached: true };
    const path = this.keyOf(key);
    let pending = this.inFlight.get(path);
    if (!pending) {
      pending = render().then(async (preview) => {
        await this.put(key, preview).catch(() => undefined);
        return preview;
      });
      this.inFlight.set(path, pending);
      void pending.then(
        () => this.inFlight.delete(path),
        () => this.inFlight.delete(path),
      );
    }
    return { preview: await pending, cached: false };
  }

  private folderOf(bucketId: string, fileId: string): string {
    assertSafeId(bucketId);
    assertSafeId(fileId);
    return `${this.keyPrefix}${bucketId}/${fileId}`;
  }

  private keyOf(key: PreviewCacheKey): string {
    if (!/^[0-9a-f]{64}$/.test(key.hash)) throw new Error('A preview cache key hash is 64 hex digits.');
    return `${this.folderOf(key.bucketId, key.fileId)}/${key.hash}`;
  }
}

/** Ids become key parts (directory names on disk): only Appwrite-valid ids, which cannot be `..` or contain a separator. */
function assertSafeId(id: string): void {
  if (!isValidId(id)) throw new Error(`Not a valid id for a preview cache path: ${JSON.stringify(id)}`);
}
