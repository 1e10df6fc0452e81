import { Query } from 'appwrite';
import { DATABASE_ID, serverDatabases } from '../appwrite.server';
import { COLLECTION_VIEWS, type ConsoleCollectionId } from './collections';
import type { EditableAttribute } from './form-values';
import { AREA_LEVELS, type AreaLevel } from './hierarchy';
import type { RelationChoices, RelationOption } from './relation-options';
import { titlesOf, type StoredRecord } from './records.server';
import { collectionSchema } from './schema.server';

/** Up to this many records a picker lists them all (a select without JavaScript); beyond, it searches. */
export const MAX_LISTED_OPTIONS = 1000;
const BATCH = 500;

function searchOf(target: ConsoleCollectionId): RelationChoices['search'] {
  const schema = collectionSchema(target);
  const titleKey = COLLECTION_VIEWS[target].titleKey;
  const keys = new Set(schema.attributes.map((attribute) => attribute.key));
  return { titleKey, fulltext: schema.fulltextKeys.includes(titleKey), parentKeys: AREA_LEVELS.filter((level) => keys.has(level)) };
}

async function allOptions(request: Request, target: ConsoleCollectionId): Promise<RelationOption[] | null> {
  const { titleKey, parentKeys } = searchOf(target);
  const databases = serverDatabases(request);
  const options: RelationOption[] = [];
  for (;;) {
    const result = await databases.listDocuments({
      databaseId: DATABASE_ID,
      collectionId: target,
      queries: [Query.select(['$id', titleKey, ...parentKeys]), Query.orderAsc(titleKey), Query.orderAsc('$id'), Query.limit(BATCH), Query.offset(options.length)],
    });
    if (result.total > MAX_LISTED_OPTIONS) return null;
    for (const document of result.documents as StoredRecord[]) {
      const parents: Partial<Record<AreaLevel, string>> = {};
      for (const key of parentKeys) if (typeof document[key] === 'string' && document[key] !== '') parents[key] = document[key] as string;
      options.push({ id: document.$id, label: String(document[titleKey] ?? document.$id), parents });
    }
    if (result.documents.length < BATCH || options.length >= result.total) return options;
  }
}

/** The choices of every relation field of a form, with the names of the records `values` holds. */
export async function relationChoices(request: Request, fields: readonly EditableAttribute[], values: Record<string, string>): Promise<Record<string, RelationChoices>> {
  const relations = fields.flatMap(({ attribute, control }) => (control.kind === 'relation' ? [{ key: attribute.key, target: control.target }] : []));
  const targets = [...new Set(relations.map((relation) => relation.target))];
  const listed = new Map(await Promise.all(targets.map(async (target) => [target, await allOptions(request, target)] as const)));
  const entries = await Promise.all(
    relations.map(async ({ key, target }): Promise<[string, RelationChoices]> => {
      const options = listed.get(target) ?? null;
      const id = values[key] ?? '';
      let selected: RelationChoices['selected'] = null;
      if (id) {
        const label = options ? options.find((option) => option.id === id)?.label : (await titlesOf(request, target, [id]))[id];
        selected = { id, label: label ?? id };
      }
      return [key, { target, options, search: searchOf(target), selected }];
    }),
  );
  return Object.fromEntries(entries);
}
