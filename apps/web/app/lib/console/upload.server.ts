import { ID, Storage } from 'appwrite';
import { serverClient } from '../appwrite.server';

/** A file sent with a form (no JavaScript), uploaded through the SDK as the editor; the new file's id. */
export async function uploadAsEditor(request: Request, bucketId: string, file: File): Promise<string> {
  const stored = await new Storage(serverClient(request)).createFile({ bucketId, fileId: ID.unique(), file });
  return stored.$id;
}
