/**
 * The cleanup-exports function (scheduled hourly in appwrite.json): deletes the PDFs in the
 * `exports` bucket older than 24 hours, and their file tokens first, so no guest link outlives
 * its file. It reaches the API only over HTTP with the key in `x-appwrite-key`, as in Appwrite.
 */
import { Client, Query, Storage, Tokens } from 'node-appwrite';

export const EXPORTS_BUCKET = 'exports';
export const MAX_AGE_HOURS = 24;
const PAGE = 100;

interface Context {
  req: { headers: Record<string, string | undefined> };
  res: { json(body: unknown, statusCode?: number): unknown };
  log(message: unknown): void;
  error(message: unknown): void;
}

/** Deletes every export created before `cutoff`, oldest first; answers how many files and tokens went. */
export async function deleteExportsBefore(client: Client, cutoff: Date): Promise<{ files: number; tokens: number }> {
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
    if (old.length < PAGE) return { files, tokens: revoked };
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
    log(`deleted ${deleted.files} exports created before ${cutoff.toISOString()} and ${deleted.tokens} tokens`);
    return res.json(deleted);
  } catch (problem) {
    error(problem instanceof Error ? (problem.stack ?? problem.message) : String(problem));
    return res.json({ message: 'The clean-up failed; the execution’s log has the details.', code: 500, type: 'general_server_error' }, 500);
  }
}
