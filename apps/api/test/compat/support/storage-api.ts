import * as appwrite17 from 'appwrite17';
import * as appwrite28 from 'appwrite28';

/** A file record as both generations return it (the † fields are absent from SDK 17's types, not from the wire). */
export interface WireFile {
  $id: string;
  bucketId: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  name: string;
  signature: string;
  mimeType: string;
  sizeOriginal: number;
  chunksTotal: number;
  chunksUploaded: number;
  sizeActual?: number;
  encryption?: boolean;
  compression?: string;
}

export interface WireFileList {
  total: number;
  files: WireFile[];
}

/** What the SDKs pass to `onProgress` after each chunk. */
export interface UploadProgress {
  $id: string;
  progress: number;
  sizeUploaded: number;
  chunksTotal: number;
  chunksUploaded: number;
}

/** getFilePreview's options, named as SDK 28 names them (SDK 17 takes them positionally, in this order). */
export interface PreviewOptions {
  width?: number;
  height?: number;
  gravity?: string;
  quality?: number;
  borderWidth?: number;
  borderColor?: string;
  borderRadius?: number;
  opacity?: number;
  rotation?: number;
  background?: string;
  output?: string;
}

/**
 * The Storage calls of both generations in one positional form. SDK 17 is called as is; SDK 28
 * through its object-parameter form. The URL builders only build a URL (with `project`; SDK 28
 * adds an empty `impersonateuserid`), which the test then loads with fetch.
 */
export interface StorageApi {
  createFile(bucketId: string, fileId: string, file: File, permissions?: string[], onProgress?: (progress: UploadProgress) => void): Promise<WireFile>;
  getFile(bucketId: string, fileId: string): Promise<WireFile>;
  listFiles(bucketId: string, queries?: string[], search?: string): Promise<WireFileList>;
  updateFile(bucketId: string, fileId: string, name?: string, permissions?: string[]): Promise<WireFile>;
  deleteFile(bucketId: string, fileId: string): Promise<unknown>;
  getFileView(bucketId: string, fileId: string): string;
  getFileDownload(bucketId: string, fileId: string): string;
  getFilePreview(bucketId: string, fileId: string, options?: PreviewOptions): string;
}

export function storageApi17(client: appwrite17.Client): StorageApi {
  const storage = new appwrite17.Storage(client);
  return {
    createFile: (bucketId, fileId, file, permissions, onProgress) => storage.createFile(bucketId, fileId, file, permissions, onProgress) as Promise<WireFile>,
    getFile: (bucketId, fileId) => storage.getFile(bucketId, fileId) as Promise<WireFile>,
    listFiles: (bucketId, queries, search) => storage.listFiles(bucketId, queries, search) as Promise<WireFileList>,
    updateFile: (bucketId, fileId, name, permissions) => storage.updateFile(bucketId, fileId, name, permissions) as Promise<WireFile>,
    deleteFile: (bucketId, fileId) => storage.deleteFile(bucketId, fileId),
    getFileView: (bucketId, fileId) => storage.getFileView(bucketId, fileId),
    getFileDownload: (bucketId, fileId) => storage.getFileDownload(bucketId, fileId),
    getFilePreview: (bucketId, fileId, o = {}) =>
      storage.getFilePreview(
        bucketId, fileId, o.width, o.height, o.gravity as appwrite17.ImageGravity | undefined, o.quality, o.borderWidth, o.borderColor,
        o.borderRadius, o.opacity, o.rotation, o.background, o.output as appwrite17.ImageFormat | undefined,
      ),
  };
}

export function storageApi28(client: appwrite28.Client): StorageApi {
  const storage = new appwrite28.Storage(client);
  return {
    createFile: (bucketId, fileId, file, permissions, onProgress) =>
      storage.createFile({ bucketId, fileId, file, ...(permissions === undefined ? {} : { permissions }), ...(onProgress ? { onProgress } : {}) }) as Promise<WireFile>,
    getFile: (bucketId, fileId) => storage.getFile({ bucketId, fileId }) as Promise<WireFile>,
    listFiles: (bucketId, queries, search) => storage.listFiles({ bucketId, ...(queries ? { queries } : {}), ...(search === undefined ? {} : { search }) }) as Promise<WireFileList>,
    updateFile: (bucketId, fileId, name, permissions) =>
      storage.updateFile({ bucketId, fileId, ...(name === undefined ? {} : { name }), ...(permissions === undefined ? {} : { permissions }) }) as Promise<WireFile>,
    deleteFile: (bucketId, fileId) => storage.deleteFile({ bucketId, fileId }),
    getFileView: (bucketId, fileId) => storage.getFileView({ bucketId, fileId }),
    getFileDownload: (bucketId, fileId) => storage.getFileDownload({ bucketId, fileId }),
    getFilePreview: (bucketId, fileId, options = {}) =>
      storage.getFilePreview({
        bucketId, fileId, ...options,
        gravity: options.gravity as appwrite28.ImageGravity | undefined,
        output: options.output as appwrite28.ImageFormat | undefined,
      }),
  };
}
