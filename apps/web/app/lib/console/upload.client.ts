import { Client, ID, Storage } from 'appwrite';
import { MEDIA_BUCKET } from '../media';

/**
 * Uploads a file to a bucket as the signed-in editor, through the SDK (which sends files over
 * 5 MB in chunks and reports each one). Resolves to the new file's id.
 */
export async function uploadToBucket(projectId: string, bucketId: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  const storage = new Storage(new Client().setEndpoint(`${location.origin}/v1`).setProject(projectId));
  const stored = await storage.createFile({
    bucketId,
    fileId: ID.unique(),
    file,
    onProgress: (progress) => onProgress(Math.min(100, Math.round(progress.progress))),
  });
  // A file of one chunk reports no progress: it is complete when the call returns.
  onProgress(100);
  return stored.$id;
}

/** A picture for the media bucket. */
export function uploadMedia(projectId: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  return uploadToBucket(projectId, MEDIA_BUCKET, file, onProgress);
}
