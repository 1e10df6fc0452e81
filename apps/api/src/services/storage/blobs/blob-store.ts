import type { Readable } from 'node:stream';

/** One object a blob store holds. */
export interface BlobEntry {
  /** Its key, relative to the store (`files/<bucket>/<id>`). */
  key: string;
  size: number;
  /** When it was last written (for the disk: the inode change, so a rename into place counts). */
  changedAt: Date;
  /** Its md5 (hex) when the listing tells it for free (S3's ETag of an object put in one part). */
  md5?: string;
}

/**
 * Named byte objects under `/`-separated keys: a folder on disk or an S3 bucket (and key prefix).
 * Every write is atomic for readers: they see the earlier object or the whole new one.
 * The file device, the preview cache and the migration command all work through this.
 */
export interface BlobStore {
  /** Where it is, for messages (`disk:/var/lib/…`, `s3://bucket/prefix`). */
  readonly description: string;
  /** True when every server process reaches the same objects (S3); false for one machine's disk. */
  readonly shared: boolean;
  /** Where the object is (or would be) as a file on this machine; only stores on a local disk have this. */
  localPath?(key: string): string;
  /** Moves a local file in (it is gone afterwards); large files go up in parts. */
  putFile(key: string, sourcePath: string): Promise<void>;
  putBytes(key: string, bytes: Buffer): Promise<void>;
  /** The whole object, or undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  /** The object's bytes, or a range [start, end] inclusive of them; a missing object fails with BlobNotFound. */
  stream(key: string, range?: { start: number; end: number }): Readable;
  /** Size of the object, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (which ends with `/`). */
  removeAll(prefix: string): Promise<void>;
  /** Every object whose key starts with `prefix`, page after page. */
  list(prefix: string): AsyncIterable<BlobEntry>;
}

/** Raised (or emitted by a stream) for an object that is not there. */
export class BlobNotFound extends Error {
  readonly key: string;

  constructor(key: string) {
    super(`No stored object ${key}`);
    this.name = 'BlobNotFound';
    this.key = key;
  }
}
