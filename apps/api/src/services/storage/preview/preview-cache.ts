import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isValidId } from '@ballot-atlas/shared/appwrite/id';
import { normalisePreviewOptions } from './preview-options.ts';
import type { PreviewOptions } from './preview-params.ts';

/** Where one rendered preview lives: `<directory>/<bucketId>/<fileId>/<hash>`. */
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
 * Rendered previews on disk. Each entry is one file: the content type, a newline, then the bytes; written to a temporary
 * name and renamed, so a reader sees a whole entry or none.
 */
export class PreviewCache {
  readonly directory: string;
  private readonly inFlight = new Map<string, Promise<CachedPreview>>();

  constructor(directory: string) {
    this.directory = directory;
  }

  async get(key: PreviewCacheKey): Promise<CachedPreview | undefined> {
    let stored: Buffer;
    try {
      stored = await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    const newline = stored.indexOf(0x0a);
    if (newline < 0) return undefined;
    return { contentType: stored.subarray(0, newline).toString('latin1'), body: stored.subarray(newline + 1) };
  }

  async put(key: PreviewCacheKey, value: CachedPreview): Promise<void> {
    if (/[\r\n]/.test(value.contentType)) throw new Error('A content type cannot contain a line break.');
    const folder = this.folderOf(key.bucketId, key.fileId);
    await mkdir(folder, { recursive: true });
    const temporary = join(folder, `.${key.hash}.${randomUUID()}.tmp`);
    try {
      await writeFile(temporary, Buffer.concat([Buffer.from(`${value.contentType}\n`, 'latin1'), value.body]));
      await rename(temporary, join(folder, key.hash));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** Removes every preview of a file (on update, re-upload or delete). */
  async invalidate(bucketId: string, fileId: string): Promise<void> {
    await rm(this.folderOf(bucketId, fileId), { recursive: true, force: true });
  }

  /** Removes every preview of a bucket's files (on bucket delete). */
  async invalidateBucket(bucketId: string): Promise<void> {
    assertSafeId(bucketId);
    await rm(join(this.directory, bucketId), { recursive: true, force: true });
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
    const path = this.pathOf(key);
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
    return join(this.directory, bucketId, fileId);
  }

  private pathOf(key: PreviewCacheKey): string {
    if (!/^[0-9a-f]{64}$/.test(key.hash)) throw new Error('A preview cache key hash is 64 hex digits.');
    return join(this.folderOf(key.bucketId, key.fileId), key.hash);
  }
}

/** Ids become directory names: only Appwrite-valid ids, which cannot be `..` or contain a separator. */
function assertSafeId(id: string): void {
  if (!isValidId(id)) throw new Error(`Not a valid id for a preview cache path: ${JSON.stringify(id)}`);
}

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}
