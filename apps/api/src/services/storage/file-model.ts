import type { StoredDocument } from '../../db/documents/stored-document.ts';

/** A file as the API answers it. */
export interface FileModel {
  $id: string;
  bucketId: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  name: string;
  signature: string;
  mimeType: string;
  sizeOriginal: number;
  sizeActual: number;
  chunksTotal: number;
  chunksUploaded: number;
  encryption: boolean;
  compression: string;
}

/** A stored file record as its API model. */
export function toModel(bucketId: string, stored: StoredDocument): FileModel {
  const data = stored.data;
  const complete = data['status'] === 'complete';
  return {
    $id: stored.id,
    bucketId,
    $createdAt: stored.createdAt,
    $updatedAt: stored.updatedAt,
    $permissions: stored.permissions,
    name: data['name'] as string,
    signature: complete ? (data['signature'] as string) : '',
    mimeType: complete ? (data['mimeType'] as string) : '',
    sizeOriginal: data['sizeOriginal'] as number,
    sizeActual: complete ? (data['sizeActual'] as number) : 0,
    chunksTotal: data['chunksTotal'] as number,
    // Until the file is assembled it is never reported complete, so SDK 28 keeps the assembling response.
    chunksUploaded: complete ? (data['chunksTotal'] as number) : Math.min(data['chunksUploaded'] as number, (data['chunksTotal'] as number) - 1),
    encryption: data['encryption'] === true,
    compression: data['compression'] as string,
  };
}
