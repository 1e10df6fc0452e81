import type { Models } from 'appwrite';
import { browserDatabases } from '../../lib/appwrite.client';
import type { Suggestion } from '../../lib/search/suggestion';
import { matchPlaces, type PlaceRow } from './place-matches';

/** Places matching what the visitor types, read from the API as the visitor (see useSuggestions). */
export async function fetchSuggestions(text: string, projectId: string, signal: AbortSignal): Promise<Suggestion[]> {
  const databases = browserDatabases(projectId, signal);
  return matchPlaces(text, async (collectionId, queries) => {
    const result = await databases.listDocuments({ databaseId: 'main', collectionId, queries, total: false });
    return result.documents as unknown as (Models.Document & PlaceRow)[];
  });
}
