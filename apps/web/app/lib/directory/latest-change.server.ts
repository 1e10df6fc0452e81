import { AppwriteException } from 'appwrite';
import { DATABASE_ID, serverClient } from '../appwrite.server';
import { siteEnv } from '../env.server';
import type { CollectionId } from './query.server';

/** What a public page may tell of a record's last change: when, and its source when that is a web address. */
export interface LatestChange {
  at: string;
  sourceUrl: string | null;
}

/** The record's last recorded change (one indexed look-up in the API), or null when the history has none (the demo data). */
export async function latestChange(request: Request, collection: CollectionId, documentId: string): Promise<LatestChange | null> {
  const env = siteEnv();
  const url = new URL(`${env.apiEndpoint}/history/databases/${DATABASE_ID}/collections/${collection}/documents/${encodeURIComponent(documentId)}/latest`);
  try {
    const latest = (await serverClient(request).call('get', url, { 'X-Appwrite-Project': env.projectId, accept: 'application/json' })) as { $createdAt: string; sourceUrl: string };
    return { at: latest.$createdAt, sourceUrl: latest.sourceUrl || null };
  } catch (error) {
    if (error instanceof AppwriteException && error.code === 404) return null;
    throw error;
  }
}
