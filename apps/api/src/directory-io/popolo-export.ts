import type { Writable } from 'node:stream';
import type { Services } from '../core/services.ts';
import type { StoredDocument } from '../db/documents/stored-document.ts';
import type { CollectionDefinition } from '../schema/project-schema.ts';
import { collectionDefinition, DIRECTORY_COLLECTIONS } from './directory-collections.ts';
import { candidateMapping, ITEM_MAPPINGS, POPOLO_EXTENSION, type Item, type PopoloList } from './popolo-mapping.ts';
import { documentPages } from './stored-records.ts';
import { writeText } from './write-text.ts';

/**
 * The lists in the order they are written: everything a membership or person refers to comes
 * first, and memberships before persons, so an import can stream the (long) persons list.
 */
export const POPOLO_LIST_ORDER: readonly PopoloList[] = ['areas', 'organizations', 'posts', 'events', 'memberships', 'persons'];

function sameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/** The attributes (and, under document security, `$permissions`) that `decoded` does not give back exactly. */
function extensionOf(collection: CollectionDefinition, document: StoredDocument, decoded: Record<string, unknown>): Record<string, unknown> | undefined {
  const extension: Record<string, unknown> = {};
  for (const attribute of collection.attributes) {
    const value = document.data[attribute.key] ?? null;
    if (!sameJson(decoded[attribute.key], value)) extension[attribute.key] = value;
  }
  if (collection.documentSecurity) extension['$permissions'] = document.permissions;
  return Object.keys(extension).length ? extension : undefined;
}

function withExtension(item: Item, extension: Record<string, unknown> | undefined): Item {
  return extension ? { ...item, [POPOLO_EXTENSION]: extension } : item;
}

/** The items one list holds for one collection's document. */
function itemsOf(list: PopoloList, collection: CollectionDefinition, document: StoredDocument): Item[] {
  const { id, data } = document;
  if (collection.$id === candidateMapping.collectionId) {
    const membership = candidateMapping.encodeMembership(id, data);
    if (list === 'memberships') return [membership];
    if (list !== 'persons') return [];
    const person = candidateMapping.encodePerson(id, data);
    return [withExtension(person, extensionOf(collection, document, candidateMapping.decode(person, membership)))];
  }
  const mapping = ITEM_MAPPINGS.find((candidate) => candidate.collectionId === collection.$id && candidate.list === list);
  if (!mapping) return [];
  const item = mapping.encode(id, data);
  return [withExtension(item, extensionOf(collection, document, mapping.decode(item)))];
}

function collectionsOfList(list: PopoloList, collections: readonly string[]): string[] {
  if (list === 'memberships' || list === 'persons') return collections.filter((collection) => collection === candidateMapping.collectionId);
  return collections.filter((collection) => ITEM_MAPPINGS.some((mapping) => mapping.collectionId === collection && mapping.list === list));
}

/**
 * Streams the directory (or some of its collections) as one Popolo JSON document, one item per
 * line, reading each collection a page at a time. Returns the items written per list.
 */
export async function exportPopolo(services: Services, out: Writable, collections: readonly string[] = DIRECTORY_COLLECTIONS): Promise<Record<PopoloList, number>> {
  const counts = Object.fromEntries(POPOLO_LIST_ORDER.map((list) => [list, 0])) as Record<PopoloList, number>;
  await writeText(out, '{');
  for (const [position, list] of POPOLO_LIST_ORDER.entries()) {
    await writeText(out, `${position ? ',' : ''}\n  ${JSON.stringify(list)}: [`);
    for (const collectionId of collectionsOfList(list, collections)) {
      const collection = collectionDefinition(services.schema, collectionId)!;
      for await (const page of documentPages(services, collectionId)) {
        let text = '';
        for (const document of page) {
          for (const item of itemsOf(list, collection, document)) {
            text += `${counts[list] ? ',' : ''}\n    ${JSON.stringify(item)}`;
            counts[list]++;
          }
        }
        await writeText(out, text);
      }
    }
    await writeText(out, counts[list] ? '\n  ]' : ']');
  }
  await writeText(out, '\n}\n');
  return counts;
}
