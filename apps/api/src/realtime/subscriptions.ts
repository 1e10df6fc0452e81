import { randomBytes } from 'node:crypto';
import { readChannels } from './channel-names.ts';
import { REALTIME_CODES, RealtimeError } from './realtime-error.ts';
import { passes, readSubscriptionQueries, type PayloadFilter } from './subscription-queries.ts';

export interface Subscription {
  id: string;
  channels: ReadonlySet<string>;
  /** As the client sent them. */
  queries: string[];
  /** What the queries keep of the channels' events; null: everything. */
  filter: PayloadFilter;
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

/** One entry of a `subscribe` frame, checked; a missing id is made here, as Appwrite does. */
export function readSubscribeEntry(value: unknown): Subscription {
  if (!value || typeof value !== 'object') throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Payload is not valid.');
  const entry = value as SubscribeEntry;
  if (entry.subscriptionId !== undefined && (typeof entry.subscriptionId !== 'string' || !SUBSCRIPTION_ID.test(entry.subscriptionId))) {
    throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Payload is not valid.');
  }
  const id = (entry.subscriptionId as string | undefined) ?? newSubscriptionId();
  return { id, channels: new Set(readChannels(entry.channels)), ...readSubscriptionQueries(entry.queries) };
}

/** The subscription ids of an `unsubscribe` frame. */
export function readUnsubscribeEntry(value: unknown): string {
  const id = value && typeof value === 'object' ? (value as { subscriptionId?: unknown }).subscriptionId : undefined;
  if (typeof id !== 'string' || id === '') throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Payload is not valid.');
  return id;
}

/** Told when a socket starts or stops listening on a channel (the registry's channel index). */
export interface ChannelListener {
  joined(channel: string): void;
  left(channel: string): void;
}

/** A socket's subscriptions, capped in number, and how many of them name each channel. */
export class SubscriptionSet {
  private readonly byId = new Map<string, Subscription>();
  private readonly perChannel = new Map<string, number>();
  private readonly cap: number;
  private readonly listener: ChannelListener;

  constructor(cap: number, listener: ChannelListener) {
    this.cap = cap;
    this.listener = listener;
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
    for (const subscription of subscriptions) {
      this.drop(subscription.id);
      this.byId.set(subscription.id, subscription);
      for (const channel of subscription.channels) {
        const count = this.perChannel.get(channel) ?? 0;
        this.perChannel.set(channel, count + 1);
        if (count === 0) this.listener.joined(channel);
      }
    }
  }

  ids(): string[] {
    return [...this.byId.keys()];
  }

  /** Every channel at least one subscription names. */
  channels(): string[] {
    return [...this.perChannel.keys()];
  }

  remove(id: string): boolean {
    return this.drop(id);
  }

  private drop(id: string): boolean {
    const subscription = this.byId.get(id);
    if (!subscription) return false;
    this.byId.delete(id);
    for (const channel of subscription.channels) {
      const count = (this.perChannel.get(channel) ?? 1) - 1;
      if (count > 0) {
        this.perChannel.set(channel, count);
        continue;
      }
      this.perChannel.delete(channel);
      this.listener.left(channel);
    }
    return true;
  }

  /**
   * The subscriptions an event published on `channels` reaches (a channel in common and a payload
   * their queries keep), and the channels that matched: one answer per socket, however many of its
   * subscriptions match.
   */
  match(channels: readonly string[], payload: Record<string, unknown>): { ids: string[]; channels: string[] } | null {
    let ids: string[] | null = null;
    const matched = new Set<string>();
    for (const subscription of this.byId.values()) {
      if (!channels.some((channel) => subscription.channels.has(channel)) || !passes(subscription.filter, payload)) continue;
      for (const channel of channels) if (subscription.channels.has(channel)) matched.add(channel);
      (ids ??= []).push(subscription.id);
    }
    return ids ? { ids, channels: channels.filter((channel) => matched.has(channel)) } : null;
  }
}
