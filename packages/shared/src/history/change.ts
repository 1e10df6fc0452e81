/** One change to a directory record, as the API's history routes answer it and the console shows it. */

export type ChangeAction = 'create' | 'update' | 'delete' | 'revert';

/** A record as the history keeps it: every attribute's value, and its permissions as `$permissions`. */
export type RecordSnapshot = Record<string, unknown>;

/** One field a change touched, with its value before and after (null where the record did not exist). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface Change {
  $id: string;
  $createdAt: string;
  databaseId: string;
  collectionId: string;
  documentId: string;
  action: ChangeAction;
  userId: string;
  userName: string;
  keyName: string;
  source: string;
  sourceIsUrl: boolean;
  revertOf: string;
  changes: FieldChange[];
  before: RecordSnapshot | null;
  after: RecordSnapshot | null;
}
