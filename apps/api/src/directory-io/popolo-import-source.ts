import { DIRECTORY_COLLECTIONS } from './directory-collections.ts';
import type { IncomingRow } from './import-rows.ts';
import { JsonDocumentError, jsonListItems } from './json-list-items.ts';
import { candidateMapping, mappingForItem, POPOLO_EXTENSION, type Item } from './popolo-mapping.ts';

/** Reads the file again from the start: the import makes three passes over it. */
export type OpenText = () => AsyncIterable<string | Uint8Array>;

/** The collection under which problems with the document itself (not one item) are reported. */
export const DOCUMENT_PROBLEM = 'document';

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

function problemRow(collectionId: string, pointer: string, problem: string): IncomingRow {
  return { collectionId, pointer, id: null, data: {}, problem };
}

/** The row an item stands for: Popolo's fields, then our extension's (which wins). */
function rowOf(collectionId: string, pointer: string, decoded: Record<string, unknown>, idSource: unknown, extensionHolder: Item | undefined): IncomingRow {
  const extension = extensionHolder?.[POPOLO_EXTENSION];
  if (extension !== undefined && !isItem(extension)) return problemRow(collectionId, pointer, `"${POPOLO_EXTENSION}" must be an object of attribute values`);
  const { $permissions, ...attributes } = (extension ?? {}) as Record<string, unknown>;
  const data = Object.fromEntries(Object.entries({ ...decoded, ...attributes }).filter(([, value]) => value !== undefined));
  const row: IncomingRow = { collectionId, pointer, id: typeof idSource === 'string' && idSource !== '' ? idSource : null, data };
  if ($permissions !== undefined) {
    if (Array.isArray($permissions) && $permissions.every((permission) => typeof permission === 'string')) row.permissions = $permissions;
    else row.problem = `"${POPOLO_EXTENSION}.$permissions" must be an array of permission strings`;
  }
  return row;
}

/** Pass one: areas, parties, offices, elections and events, held and then given out parents first. */
async function* directoryItems(open: OpenText, wanted: ReadonlySet<string>): AsyncGenerator<IncomingRow> {
  const byCollection = new Map<string, IncomingRow[]>();
  const problems: IncomingRow[] = [];
  for await (const { list, item, pointer } of jsonListItems(open(), new Set(['areas', 'organizations', 'posts', 'events']))) {
    if (!isItem(item)) {
      problems.push(problemRow(list, pointer, 'an item must be a JSON object'));
      continue;
    }
    const mapping = mappingForItem(list, item);
    if (!mapping) {
      problems.push(problemRow(list, pointer, `classification ${JSON.stringify(item['classification'] ?? null)} names nothing the directory keeps in ${list} (${list === 'areas' ? 'region, subregion, district or electoral_area' : 'party'})`));
      continue;
    }
    if (!wanted.has(mapping.collectionId)) continue;
    const rows = byCollection.get(mapping.collectionId) ?? [];
    rows.push(rowOf(mapping.collectionId, pointer, mapping.decode(item), item['id'], item));
    byCollection.set(mapping.collectionId, rows);
  }
  for (const collectionId of DIRECTORY_COLLECTIONS) yield* byCollection.get(collectionId) ?? [];
  yield* problems;
}

interface Held {
  item: Item;
  pointer: string;
}

/** Passes two and three: memberships held by person, then each person with its memberships, as candidates. */
async function* candidates(open: OpenText): AsyncGenerator<IncomingRow> {
  const collectionId = candidateMapping.collectionId;
  const memberships = new Map<string, Held[]>();
  for await (const { item, pointer } of jsonListItems(open(), new Set(['memberships']))) {
    const personId = isItem(item) ? item['person_id'] : undefined;
    if (typeof personId !== 'string') {
      yield problemRow(collectionId, pointer, 'a membership must be an object with a person_id');
      continue;
    }
    const held = memberships.get(personId) ?? [];
    held.push({ item: item as Item, pointer });
    memberships.set(personId, held);
  }
  for await (const { item, pointer } of jsonListItems(open(), new Set(['persons']))) {
    if (!isItem(item)) {
      yield problemRow(collectionId, pointer, 'a person must be a JSON object');
      continue;
    }
    const personId = typeof item['id'] === 'string' ? item['id'] : undefined;
    const held = personId !== undefined ? memberships.get(personId) : undefined;
    if (personId !== undefined) memberships.delete(personId);
    if (!held) {
      yield rowOf(collectionId, pointer, candidateMapping.decode(item, undefined), personId, item);
      continue;
    }
    // One candidate per candidacy; the membership's id is the candidate's (ours are the person's).
    for (const membership of held) {
      yield rowOf(collectionId, held.length > 1 ? `${pointer} + ${membership.pointer}` : pointer, candidateMapping.decode(item, membership.item), membership.item['id'] ?? personId, item);
    }
  }
  for (const [personId, held] of memberships) {
    for (const membership of held) yield problemRow(collectionId, membership.pointer, `person_id ${JSON.stringify(personId)} names no item of persons`);
  }
}

/**
 * The rows of a Popolo JSON document (see popolo-mapping.ts), in an order an import can
 * check references in: areas, parties, offices, elections and events, then candidates.
 * `collections` limits the rows to some collections. The document is parsed as a stream three
 * times; only the first four lists and the memberships are held in memory meanwhile.
 */
export async function* popoloRows(open: OpenText, collections: readonly string[] = DIRECTORY_COLLECTIONS): AsyncGenerator<IncomingRow> {
  const wanted = new Set(collections);
  try {
    yield* directoryItems(open, wanted);
    if (wanted.has(candidateMapping.collectionId)) yield* candidates(open);
  } catch (error) {
    if (!(error instanceof JsonDocumentError)) throw error;
    yield problemRow(DOCUMENT_PROBLEM, '', error.message);
  }
}
