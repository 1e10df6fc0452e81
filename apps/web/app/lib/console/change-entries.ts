import type { Change, ChangeAction } from '@ballot-atlas/shared/history/change';
import { fieldControl, relationTarget, type AttributeDefinition } from './attributes';
import { COLLECTION_VIEWS, isConsoleCollection, type ConsoleCollectionId } from './collections';

/** A value of a change, ready to show: the view formats dates and choices in the editor's language. */
export type ShownValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'date'; value: string; withTime: boolean }
  | { kind: 'choice'; value: string }
  | { kind: 'reference'; id: string; name: string | null }
  | { kind: 'picture' }
  | { kind: 'list'; items: string[] };

export interface ShownField {
  field: string;
  before: ShownValue;
  after: ShownValue;
}

/** Who made a change, as far as the console tells editors. */
export type ChangeAuthor = { kind: 'user'; name: string } | { kind: 'operator'; keyName: string } | { kind: 'guest' };

/** One change as the console lists it. */
export interface ChangeEntry {
  id: string;
  at: string;
  action: ChangeAction;
  revertOf: string;
  author: ChangeAuthor;
  source: string;
  sourceIsUrl: boolean;
  fields: ShownField[];
  /** The record it changed, for lists that span records: its collection, id and title (from its last known values). */
  record: { collection: ConsoleCollectionId; documentId: string; title: string };
}

/** Referenced record names by collection and id. */
export type ReferenceNames = Partial<Record<ConsoleCollectionId, Record<string, string>>>;

/** Longer text is cut in the list (a biography); the record's form shows it whole. */
const SHOWN_TEXT = 280;

function cut(text: string): string {
  return [...text].length > SHOWN_TEXT ? `${[...text].slice(0, SHOWN_TEXT - 1).join('')}…` : text;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** How a value of `field` reads, from the attribute's declaration (references by name when known). */
export function shownValue(field: string, value: unknown, attributes: readonly AttributeDefinition[], dateOnly: readonly string[], names: ReferenceNames): ShownValue {
  if (isEmpty(value)) return { kind: 'empty' };
  if (Array.isArray(value)) return { kind: 'list', items: value.map((item) => cut(String(item))) };
  const attribute = attributes.find((candidate) => candidate.key === field);
  if (!attribute) return { kind: 'text', text: cut(String(value)) };
  const control = fieldControl(attribute, dateOnly);
  switch (control.kind) {
    case 'relation':
      return { kind: 'reference', id: String(value), name: names[control.target]?.[String(value)] ?? null };
    case 'file':
      return { kind: 'picture' };
    case 'choice':
      return { kind: 'choice', value: String(value) };
    case 'date':
    case 'datetime':
      return { kind: 'date', value: String(value), withTime: control.kind === 'datetime' };
    case 'number':
      return typeof value === 'number' ? { kind: 'number', value } : { kind: 'text', text: String(value) };
    case 'checkbox':
      return { kind: 'boolean', value: value === true };
    default:
      return { kind: 'text', text: cut(String(value)) };
  }
}

/** Every (collection, id) the changes refer to through a relation attribute, to be named. */
export function referencedIds(changes: readonly Change[]): Map<ConsoleCollectionId, Set<string>> {
  const wanted = new Map<ConsoleCollectionId, Set<string>>();
  for (const change of changes) {
    for (const { field, before, after } of change.changes) {
      const target = relationTarget(field);
      if (!target) continue;
      const ids = wanted.get(target) ?? new Set<string>();
      for (const value of [before, after]) if (typeof value === 'string' && value !== '') ids.add(value);
      wanted.set(target, ids);
    }
  }
  return wanted;
}

function authorOf(change: Change): ChangeAuthor {
  if (change.userName === 'operator' && change.userId === '') return { kind: 'operator', keyName: change.keyName };
  if (change.userId === '') return { kind: 'guest' };
  return { kind: 'user', name: change.userName || change.userId };
}

/** The console's view of API changes; `attributesOf` gives each collection's declared attributes. */
export function changeEntries(changes: readonly Change[], attributesOf: (collection: ConsoleCollectionId) => readonly AttributeDefinition[], names: ReferenceNames): ChangeEntry[] {
  return changes.flatMap((change) => {
    if (!isConsoleCollection(change.collectionId)) return [];
    const collection = change.collectionId;
    const view = COLLECTION_VIEWS[collection];
    const attributes = attributesOf(collection);
    const shown = (field: string, value: unknown) => shownValue(field, value, attributes, view.dateOnly ?? [], names);
    const last = change.after ?? change.before ?? {};
    return [
      {
        id: change.$id,
        at: change.$createdAt,
        action: change.action,
        revertOf: change.revertOf,
        author: authorOf(change),
        source: change.source,
        sourceIsUrl: change.sourceIsUrl,
        fields: change.changes.map(({ field, before, after }) => ({ field, before: shown(field, before), after: shown(field, after) })),
        record: { collection, documentId: change.documentId, title: String(last[view.titleKey] ?? change.documentId) },
      },
    ];
  });
}
