/** The site's database, as the API's realtime channels name it. */
const DATABASE_ID = 'main';

/** What a document change looks like to a page: the record as it is now (or was, when deleted). */
export interface LiveEvent {
  action: 'create' | 'update' | 'delete' | 'other';
  /** Appwrite event names, e.g. `databases.main.collections.candidates.documents.C1.update`. */
  events: string[];
  /** The event's channels this page subscribed to. */
  channels: string[];
  payload: Record<string, unknown>;
}

/** Every change to one document. */
export function documentChannel(collectionId: string, documentId: string): string {
  return `databases.${DATABASE_ID}.collections.${collectionId}.documents.${documentId}`;
}

/** Every change to any document of a collection the visitor may read. */
export function collectionChannel(collectionId: string): string {
  return `databases.${DATABASE_ID}.collections.${collectionId}.documents`;
}

const ACTIONS = ['create', 'update', 'delete'] as const;

/** The event's action, read from its most specific name (`….documents.ID.update`). */
export function liveEvent(events: string[], channels: string[], payload: unknown): LiveEvent {
  const action = ACTIONS.find((name) => events.some((event) => event.endsWith(`.${name}`))) ?? 'other';
  const record = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  return { action, events, channels, payload: record };
}

/** True when the event's record is one of `ids` or has `field` equal to one of `values` (a page's own filter). */
export function touches(event: LiveEvent, match: { ids?: Iterable<string>; field?: string; values?: Iterable<string | null | undefined> }): boolean {
  const id = event.payload['$id'];
  if (typeof id === 'string' && match.ids && new Set(match.ids).has(id)) return true;
  if (!match.field || !match.values) return false;
  const value = event.payload[match.field];
  return typeof value === 'string' && new Set(match.values).has(value);
}
