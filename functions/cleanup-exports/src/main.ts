/**
 * The cleanup-exports function (scheduled hourly in appwrite.json): deletes the PDFs in the
 * `exports` bucket older than 24 hours, and their file tokens first, so no guest link outlives
 * its file; then the `export_progress` documents of the same age (those of failed exports too,
 * which left no file). It reaches the API only over HTTP with the key in `x-appwrite-key`, as in Appwrite.
 */
import { Client, Databases, Query, Storage, Tokens } from 'node-appwrite';

export const EXPORTS_BUCKET = 'exports';
export const PROGRESS_DATABASE = 'main';
export const PROGRESS_COLLECTION = 'export_progress';
export const MAX_AGE_HOURS = 24;
const PAGE = 100;

interface Context {
  req: { headers: Record<string, string | undefined> };
  res: { json(body: unknown, statusCode?: number): unknown };
  log(message: unknown): void;
  error(message: unknown): void;
}

/** Deletes the progress documents created before `cutoff`; answers how many went. */
async function deleteProgressBefore(client: Client, cutoff: Date): Promise<number> {
  const databases = new Databases(client);
  let deleted = 0;
  for (;;) {
    const { documents } = await databases.listDocuments({ databaseId: PROGRESS_DATABASE, collectionId: PROGRESS_COLLECTION, queries: [Query.lessThan('$createdAt', cutoff.toISOString()), Query.orderAsc('$createdAt'), Query.select(['$id']), Query.limit(PAGE)] });
    for (const document of documents) await databases.deleteDocument({ databaseId: PROGRESS_DATABASE, collectionId: PROGRESS_COLLECTION, documentId: document.$id });
    deleted += documents.length;
    if (documents.length < PAGE) return deleted;
  }
}

/** Deletes every export created before `cutoff`, oldest first, then the progress documents as old; answers how many files, tokens and progress documents went. */
export async function deleteExportsBefore(client: Client, cutoff: Date): Promise<{ files: number; tokens: number; progress: number }> {
  const storage = new Storage(client);
  const tokens = new Tokens(client);
  let files = 0;
  let revoked = 0;
  for (;;) {
    // Always the first page: what was deleted is gone from the next listing.
    const { files: old } = await storage.listFiles({ bucketId: EXPORTS_BUCKET, queries: [Query.lessThan('$createdAt', cutoff.toISOString()), Query.orderAsc('$createdAt'), Query.limit(PAGE)] });
    for (const file of old) {
      const { tokens: fileTokens } = await tokens.list({ bucketId: EXPORTS_BUCKET, fileId: file.$id, queries: [Query.limit(PAGE)] });
      for (const token of fileTokens) await tokens.delete({ tokenId: token.$id });
      revoked += fileTokens.length;
      await storage.deleteFile({ bucketId: EXPORTS_BUCKET, fileId: file.$id });
      files += 1;
    }
    if (old.length < PAGE) return { files, tokens: revoked, progress: await deleteProgressBefore(client, cutoff) };
  }
}

export default async function cleanupExports({ req, res, log, error }: Context): Promise<unknown> {
  const key = req.headers['x-appwrite-key'];
  const endpoint = process.env['APPWRITE_FUNCTION_API_ENDPOINT'];
  const project = process.env['APPWRITE_FUNCTION_PROJECT_ID'];
  if (!key || !endpoint || !project) return res.json({ message: 'The function was started without its API endpoint, project or key.', code: 500, type: 'general_server_error' }, 500);
  const cutoff = new Date(Date.now() - MAX_AGE_HOURS * 3_600_000);
  try {
    const deleted = await deleteExportsBefore(new Client().setEndpoint(endpoint).setProject(project).setKey(key), cutoff);
    log(`deleted ${deleted.files} exports created before ${cutoff.toISOString()}, ${deleted.tokens} tokens and ${deleted.progress} progress documents`);
    return res.json(deleted);
  } catch (problem) {
    error(problem instanceof Error ? (problem.stack ?? problem.message) : String(problem));
    return res.json({ message: 'The clean-up failed; the execution’s log has the details.', code: 500, type: 'general_server_error' }, 500);
  }
}
