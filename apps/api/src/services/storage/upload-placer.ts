import type { IncomingHttpHeaders } from 'node:http';
import { isValidId } from '@ballot-atlas/shared/appwrite/id';
import type { Identity } from '../../core/context.ts';
import type { FilePartArrival, PlacedFilePart } from '../../core/uploaded-file.ts';
import type { BlobFileDevice } from './blob-file-device.ts';
import type { FilesService } from './files-service.ts';

/** storage.createFile, the one route whose file parts are placed. */
const UPLOAD_PATH = /^\/v1\/storage\/buckets\/[^/?]+\/files\/?(\?|$)/;

/** What the placer reads of an upload request besides its body. */
export interface UploadRequest {
  url: string;
  params: unknown;
  headers: IncomingHttpHeaders;
}

/**
 * Lets an upload's `file` part be written straight into its final place on disk as it arrives, when
 * the checks that need neither its bytes nor the database pass (bucket, create permission, extension,
 * Content-Range, size limit). It is stored only once the route has checked everything else
 * (FilesService.receive); until then it is nothing a reader or the chunk records can see.
 */
export function uploadPlacer(files: FilesService, device: BlobFileDevice) {
  return async (identity: Identity, request: UploadRequest, arrival: FilePartArrival): Promise<PlacedFilePart | undefined> => {
    const bucketId = (request.params as Record<string, unknown> | undefined)?.['bucketId'];
    if (typeof bucketId !== 'string' || !UPLOAD_PATH.test(request.url)) return undefined;
    const contentRange = headerValue(request.headers, 'content-range');
    const uploadId = headerValue(request.headers, 'x-appwrite-id');
    const announced = files.announcedPart(identity, bucketId, { filename: arrival.filename, contentRange, uploadId });
    if (!announced) return undefined;
    const named = arrival.fields['fileId'];
    // A first chunk's `unique()` id is made when it is stored; any other id is known now.
    const fileId = uploadId ?? (typeof named === 'string' && isValidId(named) ? named : undefined);
    const landed = await device.landChunk(bucketId, fileId, announced.index, announced.chunksTotal, arrival.body, announced.bytes);
    if (!landed) return undefined;
    return { file: { filename: arrival.filename, tempPath: landed.path, size: landed.size }, discard: () => device.discardReceived(landed.path) };
  };
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}
