import { searchTerms } from '@ballot-atlas/shared/text/search-text';
import { Query } from 'appwrite';
import { browserDatabases } from '../appwrite.client';
import type { RelationChoices, RelationOption } from './relation-options';

const SHOWN = 20;

/** Records of a collection too large to list in the form, found by the API as the editor types. */
export async function searchRelation(projectId: string, choices: RelationChoices, text: string, signal: AbortSignal): Promise<RelationOption[]> {
  const { titleKey, fulltext, parentKeys } = choices.search;
  const search = fulltext ? (searchTerms(text).length ? [Query.search(titleKey, text)] : []) : text.trim() ? [Query.contains(titleKey, text.trim())] : [];
  const result = await browserDatabases(projectId, signal).listDocuments({
    databaseId: 'main',
    collectionId: choices.target,
    queries: [...search, Query.select(['$id', titleKey, ...parentKeys]), Query.orderAsc(titleKey), Query.limit(SHOWN)],
    total: false,
  });
  return result.documents.map((document) => {
    const row = document as unknown as Record<string, unknown>;
    const parents: RelationOption['parents'] = {};
    for (const key of parentKeys) if (typeof row[key] === 'string' && row[key] !== '') parents[key] = row[key] as string;
    return { id: document.$id, label: String(row[titleKey] ?? document.$id), parents };
  });
}
