import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { byteWindow } from './byte-window.ts';
import { BlobNotFound, type BlobEntry, type BlobStore } from './blob-store.ts';
import type { StorageTarget } from './storage-url.ts';

/** Parts of a multipart upload (S3's minimum is 5 MiB); a file up to this size goes up in one PUT. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 4;
/** Deletions sent at once when a prefix is cleared (one request each: every S3-compatible store has DeleteObject). */
const DELETES_AT_ONCE = 16;

/** Objects in an S3-compatible bucket, under an optional key prefix. */
export class S3BlobStore implements BlobStore {
  readonly shared = true;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly keyPrefix: string;

  constructor(target: Extract<StorageTarget, { kind: 's3' }>) {
    this.bucket = target.bucket;
    this.keyPrefix = target.keyPrefix ? `${target.keyPrefix}/` : '';
    this.client = new S3Client({
      region: target.region,
      forcePathStyle: target.forcePathStyle,
      ...(target.endpoint ? { endpoint: target.endpoint } : {}),
      ...(target.credentials ? { credentials: target.credentials } : {}),
      // Third-party stores (MinIO, Ceph, s3rver …) reject the CRC checksums the SDK now adds by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get description(): string {
    return `s3://${this.bucket}/${this.keyPrefix}`;
  }

  private fullKey(key: string): string {
    return this.keyPrefix + key;
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.fullKey(key), Body: createReadStream(sourcePath) },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    });
    await upload.done();
    await rm(sourcePath, { force: true });
  }

  async putBytes(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.fullKey(key), Body: bytes }));
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.fullKey(key) }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  stream(key: string, range?: { start: number; end: number }): Readable {
    const output = range ? byteWindow(0, range.end - range.start + 1) : new PassThrough();
    const request = new GetObjectCommand({ Bucket: this.bucket, Key: this.fullKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) });
    this.client.send(request).then(
      (answer) => {
        const body = answer.Body as Readable;
        if (output.destroyed) return void body.destroy();
        body.once('error', (error) => output.destroy(error));
        // A reader that stops early (a closed download) ends the GET too.
        output.once('close', () => body.destroy());
        output.once('end', () => body.destroy());
        // A store that ignored the Range sends the whole object: skip to the range's start.
        if (range && !answer.ContentRange && range.start > 0) body.pipe(byteWindow(range.start, Infinity)).pipe(output);
        else body.pipe(output);
      },
      (error: unknown) => output.destroy(isNotFound(error) ? new BlobNotFound(key) : (error as Error)),
    );
    return output;
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.fullKey(key) }))).ContentLength;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.fullKey(key) }));
  }

  async removeAll(prefix: string): Promise<void> {
    let batch: string[] = [];
    const flush = async () => {
      await Promise.all(batch.map((key) => this.remove(key)));
      batch = [];
    };
    for await (const entry of this.list(prefix)) {
      batch.push(entry.key);
      if (batch.length >= DELETES_AT_ONCE) await flush();
    }
    await flush();
  }

  async *list(prefix: string): AsyncIterable<BlobEntry> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: this.fullKey(prefix) });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        const etag = object.ETag?.replaceAll('"', '').toLowerCase();
        const md5 = etag && /^[0-9a-f]{32}$/.test(etag) ? { md5: etag } : {};
        yield { key: object.Key.slice(this.keyPrefix.length), size: object.Size ?? 0, changedAt: object.LastModified ?? new Date(0), ...md5 };
      }
    }
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}
