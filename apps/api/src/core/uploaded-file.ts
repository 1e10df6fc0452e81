import type { Readable } from 'node:stream';

/** The `file` part of a multipart request, already on disk. */
export interface UploadedFile {
  filename: string;
  tempPath: string;
  size: number;
}

/** A `file` part as it begins: the fields sent before it, its name, and its bytes still to come. */
export interface FilePartArrival {
  fields: Record<string, unknown>;
  filename: string;
  body: Readable;
}

/** A `file` part stored where it belongs, and how to forget it if the request is refused. */
export interface PlacedFilePart {
  file: UploadedFile;
  discard(): Promise<void>;
}

/**
 * Stores a `file` part's bytes in their final place while they arrive (uploads: upload-placer.ts), or
 * declines (undefined) without reading any of them, and the part is spooled to a temporary file.
 */
export type FilePartPlacer = (arrival: FilePartArrival) => Promise<PlacedFilePart | undefined>;
