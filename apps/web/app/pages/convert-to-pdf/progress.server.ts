import { AppwriteException, Databases, Functions, Storage, type Client } from 'appwrite';
import type { Visitor } from '../../lib/account/visitor.server';
import { DATABASE_ID } from '../../lib/appwrite.server';
import { siteEnv } from '../../lib/env.server';
import { PROGRESS_COLLECTION, type ExportProgress } from './export-choice';

export const EXPORT_FUNCTION = 'export-pdf';
export const EXPORTS_BUCKET = 'exports';

const fileUrl = (fileId: string, route: 'view' | 'download') => `/v1/storage/buckets/${EXPORTS_BUCKET}/files/${encodeURIComponent(fileId)}/${route}?project=${encodeURIComponent(siteEnv().projectId)}`;

/** The pages the function has drawn so far, from the document it keeps under the execution's id; none before it wrote one. */
async function pagesDone(client: Client, executionId: string): Promise<ExportProgress['pages']> {
  try {
    const document = await new Databases(client).getDocument({ databaseId: DATABASE_ID, collectionId: PROGRESS_COLLECTION, documentId: executionId });
    const total = document['pagesTotal'];
    return { phase: document['phase'] as NonNullable<ExportProgress['pages']>['phase'], done: Number(document['pagesDone']), total: typeof total === 'number' ? total : null };
  } catch (error) {
    if (error instanceof AppwriteException && error.code === 404) return undefined;
    throw error;
  }
}

/**
 * An export as its requester sees it: the execution (only its caller may read it) and, once it
 * completed, the PDF the function stored under the execution's id (readable by that caller only).
 * Null when the visitor may not see it: another visitor's link shows nothing of the export.
 */
export async function exportProgress(visitor: Visitor, executionId: string): Promise<ExportProgress | null> {
  const client = visitor.client();
  try {
    const execution = await new Functions(client).getExecution({ functionId: EXPORT_FUNCTION, executionId });
    const progress: ExportProgress = { executionId, status: execution.status as ExportProgress['status'] };
    if (execution.status === 'processing') {
      const pages = await pagesDone(client, executionId);
      return pages ? { ...progress, pages } : progress;
    }
    if (execution.status !== 'completed') return progress;
    try {
      const file = await new Storage(client).getFile({ bucketId: EXPORTS_BUCKET, fileId: executionId });
      return { ...progress, file: { name: file.name, bytes: file.sizeOriginal, viewUrl: fileUrl(file.$id, 'view'), downloadUrl: fileUrl(file.$id, 'download') } };
    } catch (error) {
      // Completed without a file: the function refused the request (an unknown record, too many rows).
      if (error instanceof AppwriteException && error.code === 404) return { ...progress, status: 'failed', failure: `${execution.responseStatusCode}` };
      throw error;
    }
  } catch (error) {
    if (error instanceof AppwriteException && (error.code === 404 || error.code === 401)) return null;
    throw error;
  }
}
