/**
 * What the writers were told, kept across kills: each write is acknowledged (a 2xx came back),
 * or in flight when the server died (either outcome may be found afterwards, but only whole).
 */
import type { Caller } from './durability-client.ts';

export type DocumentData = Record<string, unknown>;

export interface TrackedDocument {
  collection: string;
  id: string;
  /** The acknowledged content; null while the document does not exist. */
  acked: DocumentData | null;
  /** The write in flight when the server died: what the document holds if it committed. */
  inFlight?: { outcome: DocumentData | null };
  revision: number;
}

export interface TrackedUpload {
  bucketId: string;
  id: string;
  caller: Caller;
  size: number;
  md5: string;
  chunksTotal: number;
  /** Chunks whose request was answered with 2xx. */
  ackedChunks: Set<number>;
  /** The answer to a chunk said the file is complete. */
  ackedComplete: boolean;
  /** Content, kept until the file is complete (a resumed upload sends the missing chunks again). */
  bytes: Uint8Array<ArrayBuffer> | undefined;
  /** Downloaded after a restart and found whole. */
  verified: boolean;
  deletion: 'none' | 'in-flight' | 'acked';
}

export interface TrackedAccount {
  id: string;
  email: string;
  password: string;
  state: 'in-flight' | 'acked' | 'verified';
}

export interface TrackedInvitation {
  email: string;
  by: 'key' | 'editor';
  membershipId?: string;
  state: 'in-flight' | 'acked' | 'verified';
}

export interface Editor {
  id: string;
  email: string;
  password: string;
  caller: Caller;
}

/** Everything the writers were told, and what each check after a restart resolved. */
export interface AcknowledgedWrites {
  documents: Map<string, TrackedDocument>;
  uploads: Map<string, TrackedUpload>;
  accounts: TrackedAccount[];
  invitations: TrackedInvitation[];
  editor: Editor | undefined;
  /** Counts of answered writes, per kind. */
  acknowledged: Record<'documents' | 'chunks' | 'files' | 'deletes' | 'accounts' | 'invitations', number>;
}

export function noWritesYet(): AcknowledgedWrites {
  return {
    documents: new Map(),
    uploads: new Map(),
    accounts: [],
    invitations: [],
    editor: undefined,
    acknowledged: { documents: 0, chunks: 0, files: 0, deletes: 0, accounts: 0, invitations: 0 },
  };
}

export function documentKey(collection: string, id: string): string {
  return `${collection}/${id}`;
}
