import { requireEditor } from '../../../lib/console/editor-access.server';
import { consoleCollection } from '../../../lib/console/console-collection.server';
import { COLLECTION_VIEWS, type ConsoleCollectionId } from '../../../lib/console/collections';
import { formValuesOf } from '../../../lib/console/form-values';
import { relationTarget } from '../../../lib/console/attributes';
import { publicPathOf } from '../../../lib/console/public-path.server';
import { formFields } from '../../../lib/console/record-fields';
import { getRecord, titlesOf } from '../../../lib/console/records.server';
import { relationChoices } from '../../../lib/console/relation-options.server';
import { collectionSchema } from '../../../lib/console/schema.server';
import { pageNotFound } from '../../../lib/not-found.server';
import { sourceRequired } from '../../../lib/console/source-input';
import { recordHistory } from '../history/loader.server';

/** Changes shown under a record's form; the rest are on its history page. */
const HISTORY_SHOWN = 10;

/** Area ids the form does not ask for, with the names of the areas they hold now (shown, not edited). */
async function derivedAreas(request: Request, collection: ConsoleCollectionId, record: Record<string, unknown> | null) {
  const derived = COLLECTION_VIEWS[collection].derived ?? [];
  return Promise.all(
    derived.map(async (key) => {
      const id = typeof record?.[key] === 'string' ? (record[key] as string) : '';
      const target = relationTarget(key);
      const name = id && target ? ((await titlesOf(request, target, [id]))[id] ?? id) : '';
      return { key, name };
    }),
  );
}

/** The form of one record (`documentId`), or of a new one (null). */
export async function recordLoader(request: Request, collectionParam: string | undefined, documentId: string | null) {
  await requireEditor(request);
  const collection = consoleCollection(collectionParam);
  const view = COLLECTION_VIEWS[collection];
  const fields = formFields(collectionSchema(collection), view);
  const record = documentId ? await getRecord(request, collection, documentId) : null;
  if (documentId && !record) pageNotFound(request);
  const values = formValuesOf(fields, record);
  const url = new URL(request.url);
  const [choices, publicPath, derived, history] = await Promise.all([
    relationChoices(request, fields, values),
    record ? publicPathOf(request, collection, record) : null,
    derivedAreas(request, collection, record),
    documentId ? recordHistory(request, collection, documentId, HISTORY_SHOWN) : null,
  ]);
  return {
    collection,
    documentId,
    title: record ? String(record[view.titleKey] ?? record.$id) : null,
    updatedAt: record?.$updatedAt ?? null,
    fields,
    values,
    choices,
    derived,
    slugFromTitle: view.slugFromTitle,
    titleKey: view.titleKey,
    publicPath,
    saved: url.searchParams.has('created') ? ('created' as const) : url.searchParams.has('saved') ? ('saved' as const) : null,
    sourceRequired: sourceRequired(collection),
    history,
    reverted: url.searchParams.has('reverted'),
  };
}

export type RecordData = Awaited<ReturnType<typeof recordLoader>>;
