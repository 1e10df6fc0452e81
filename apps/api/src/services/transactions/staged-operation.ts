/** The writes a transaction can stage (Appwrite's single-document actions). */
export const STAGED_ACTIONS = ['create', 'update', 'upsert', 'delete', 'increment', 'decrement'] as const;

export type StagedAction = (typeof STAGED_ACTIONS)[number];

/** One write kept for the commit: what the client asked, checked when staged and replayed when committed. */
export interface StagedOperation {
  action: StagedAction;
  databaseId: string;
  collectionId: string;
  documentId: string;
  /** Attribute values as sent (create, update, upsert); `{attribute, value, max|min}` for increment and decrement. */
  data: Record<string, unknown>;
  /** Permission strings the write sets; null leaves them as they are (or the default, for a create). */
  permissions: string[] | null;
  /** The change history's note (the route's source header). */
  source: string;
  /** When it was staged: a document changed by anyone after this makes the commit a conflict. */
  stagedAt: string;
}

/** Appwrite's limits (APP_LIMIT_DATABASE_TRANSACTION, APP_DATABASE_TXN_TTL_*). */
export const TRANSACTION_LIMITS = {
  maxOperations: 100,
  ttlMin: 60,
  ttlMax: 3600,
  ttlDefault: 300,
} as const;
