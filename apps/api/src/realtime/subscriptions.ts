import { randomBytes } from 'node:crypto';
import { readChannels } from './channel-names.ts';
import { REALTIME_CODES, RealtimeError } from './realtime-error.ts';

export interface Subscription {
  id: string;
  channels: ReadonlySet<string>;
  /** As the client sent them; only `select` queries are accepted, which do not filter. */
  queries: string[];
}

/** What a `subscribe` frame may carry per entry. */
interface SubscribeEntry {
  subscriptionId?: unknown;
  channels?: unknown;
  queries?: unknown;
}

/** An id as Appwrite's `ID.unique()` makes them: hex time and random padding. */
export function newSubscriptionId(): string {
  return Date.now().toString(16) + randomBytes(5).toString('hex').slice(0, 7);
}

const SUBSCRIPTION_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * Queries of a subscription. Appwrite filters events by them; this server accepts the `select`
 * queries SDKs send by default (they filter nothing) and refuses filters rather than ignore them.
 */
function readQueries(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Payload is not valid.');
  for (const query of value) {
    let method: unknown;
    try {
      method = typeof query === 'string' ? (JSON.parse(query) as { method?: unknown }).method : undefined;
    } catch {
      method = undefined;
    }
    if (method !== 'select') throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Only select queries are supported on realtime subscriptions.');
  }
  return value as string[];
}

/** One entry of a `subscribe` frame, checked; a missing id is made here, as Appwrite does. */
export function readSubscribeEntry(value: unknown): Subscription {
  if (!value || typeof value !== 'object') throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Payload is not valid.');
  const entry = value as SubscribeEntry;
  if (entry.subscriptionId !== undefined && (typeof entry.subscriptionId !== 'string' || !SUBSCRIPTION_ID.test(entry.subscriptionId))) {
    throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Payload is not valid.');
  }
  const id = (entry.subscriptionId as string | undefined) ?? newSubscriptionId();
  return { id, channels: new Set(readChannels(entry.channels)), queries: readQueries(entry.queries) };
}

/** The subscription ids of an `unsubscribe` frame. */
export function readUnsubscribeEntry(value: unknown): string {
  const id = value && typeof value === 'object' ? (value as { subscriptionId?: unknown }).subscriptionId : undefined;
  if (typeof id !== 'string' || id === '') throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Payload is not valid.');
  return id;
}

/** A socket's subscriptions, capped in number. */
export class SubscriptionSet {
  private readonly byId = new Map<string, Subscription>();
  private readonly cap: number;

  constructor(cap: number) {
    this.cap = cap;
  }

  get size(): number {
    return this.byId.size;
  }

  /** Adds or replaces (same id) subscriptions; all or none. */
  put(subscriptions: readonly Subscription[]): void {
    const added = new Set(subscriptions.filter((subscription) => !this.byId.has(subscription.id)).map((subscription) => subscription.id));
    if (this.byId.size + added.size > this.cap) {
      throw new RealtimeError(REALTIME_CODES.policyViolation, `A connection may hold at most ${this.cap} subscriptions.`);
    }
    for (const subscription of subscriptions) this.byId.set(subscription.id, subscription);
  }

  ids(): string[] {
    return [...this.byId.keys()];
  }

  remove(id: string): boolean {
    return this.byId.delete(id);
  }

  /**
   * The subscriptions an event published on `channels` reaches, and the channels that matched:
   * one answer per socket, however many of its subscriptions match.
   */
  match(channels: readonly string[]): { ids: string[]; channels: string[] } | null {
    let ids: string[] | null = null;
    const matched = new Set<string>();
    for (const subscription of this.byId.values()) {
      let hit = false;
      for (const channel of channels) {
        if (subscription.channels.has(channel)) {
          hit = true;
          matched.add(channel);
        }
      }
      if (hit) (ids ??= []).push(subscription.id);
    }
    return ids ? { ids, channels: channels.filter((channel) => matched.has(channel)) } : null;
  }
}
