/** An event as a write describes it, before it is appended to the outbox. */
export interface OutboxEvent {
  /** Every event string Appwrite generates for it (event-names.ts); the first is the concrete one. */
  events: string[];
  /** The realtime channels it is published on (event-channels.ts). */
  channels: string[];
  /** Who may receive it: the roles that may read the resource (`any`, `users`, `user:ID`, `team:ID`…). */
  roles: string[];
  /** The resource in the model REST returns for it, secrets blanked as for a client. */
  payload: Record<string, unknown>;
  /** The user whose request caused it (x-appwrite-user-id of the functions it triggers); absent or '' otherwise. */
  userId?: string;
}

/**
 * Where an event sits in commit order: by writing transaction, then by row. On PostgreSQL `txid`
 * is the transaction id (see outbox-reader.ts for why); on SQLite, with one writer at a time, it is 0.
 */
export interface OutboxPosition {
  txid: number;
  seq: number;
}

/** An event read back from the outbox after its transaction committed. */
export interface CommittedEvent extends OutboxEvent {
  position: OutboxPosition;
  /** When the write happened, in Appwrite's date format. */
  timestamp: string;
}

export const START: OutboxPosition = { txid: 0, seq: 0 };

export function isAfter(position: OutboxPosition, cursor: OutboxPosition): boolean {
  return position.txid > cursor.txid || (position.txid === cursor.txid && position.seq > cursor.seq);
}
