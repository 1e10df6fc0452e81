import { z } from 'zod';
import type { Change, ChangeAction, FieldChange, RecordSnapshot } from '@ballot-atlas/shared/history/change';
import { isSourceUrl } from '@ballot-atlas/shared/history/change-source';
import type { StoredDocument } from '../../db/documents/stored-document.ts';

export type ChangeModel = Change;

/** What anyone may know of a record's last change: when, and the source when it is a web address. */
export interface LatestChangeModel {
  $createdAt: string;
  action: ChangeAction;
  /** The source's URL; '' when the source was a note (notes stay with the editors) or none was given. */
  sourceUrl: string;
}

function parsed<T>(text: unknown, empty: T): T {
  return typeof text === 'string' && text !== '' ? (JSON.parse(text) as T) : empty;
}

export function toChangeModel(stored: StoredDocument): ChangeModel {
  const data = stored.data;
  const source = String(data['source'] ?? '');
  return {
    $id: stored.id,
    $createdAt: stored.createdAt,
    databaseId: String(data['databaseId']),
    collectionId: String(data['collectionId']),
    documentId: String(data['documentId']),
    action: data['action'] as ChangeAction,
    userId: String(data['userId'] ?? ''),
    userName: String(data['userName'] ?? ''),
    keyName: String(data['keyName'] ?? ''),
    source,
    sourceIsUrl: isSourceUrl(source),
    revertOf: String(data['revertOf'] ?? ''),
    changes: parsed<FieldChange[]>(data['changes'], []),
    before: parsed<RecordSnapshot | null>(data['before'], null),
    after: parsed<RecordSnapshot | null>(data['after'], null),
  };
}

export function toLatestChangeModel(stored: StoredDocument): LatestChangeModel {
  const source = String(stored.data['source'] ?? '');
  return { $createdAt: stored.createdAt, action: stored.data['action'] as ChangeAction, sourceUrl: isSourceUrl(source) ? source : '' };
}

const date = z.string().describe('ISO 8601 date-time.');
const action = z.enum(['create', 'update', 'delete', 'revert']);
const snapshot = z.record(z.string(), z.unknown()).nullable().describe('The whole record (attributes and $permissions); null where it did not exist.');

const change = z.object({
  $id: z.string().describe('Change ID.'),
  $createdAt: date.describe('When the change was made (the record\'s $updatedAt then).'),
  databaseId: z.string(),
  collectionId: z.string(),
  documentId: z.string(),
  action: action.describe('revert: a change that undid the change named by revertOf.'),
  userId: z.string().describe("The user who made it; '' for API keys and guests."),
  userName: z.string().describe('Their name at the time; "operator" for API keys.'),
  keyName: z.string().describe("The API_KEYS key that made it; '' otherwise."),
  source: z.string().describe('A web address or a note; empty when none was sent.'),
  sourceIsUrl: z.boolean().describe('True when source is an http(s) address.'),
  revertOf: z.string().describe("The reverted change's ID; '' unless action is revert."),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })).describe('Only the fields that changed.'),
  before: snapshot,
  after: snapshot,
});

export const historyModels = {
  Change: change,
  ChangeList: z.object({ total: z.number().int().describe('Matches, counted up to 5000.'), changes: z.array(change) }),
  LatestChange: z.object({ $createdAt: date, action, sourceUrl: z.string().describe("The source when it is a web address; '' for a note or none.") }),
};
