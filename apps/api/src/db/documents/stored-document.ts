export interface StoredDocument {
  sequence: number;
  id: string;
  createdAt: string;
  updatedAt: string;
  permissions: string[];
  data: Record<string, unknown>;
}

/** Which rows a read may see: all of them, or those whose `read` permission names one of the roles. */
export type ReadFilter = { kind: 'all' } | { kind: 'roles'; roles: readonly string[] };
