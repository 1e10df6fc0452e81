/**
 * Which records a live page asks the server to send it, so a socket is not sent every write to a
 * busy collection (on an election night, every candidate's vote count) only for the browser to drop
 * it. The server-side filter only has to keep a superset of what the page's own check accepts: the
 * page still decides what to do with each event.
 */

/** Field → the values it may hold; `null` stands for "no value" (null or empty text, as `text()` reads it). */
export type LiveMatch = Readonly<Record<string, readonly (string | null)[]>>;

/** A record passes when it passes any one match (a match: all its fields hold one of their values). */
export type LiveFilter = readonly LiveMatch[];

/** What one subscription follows: its channels, and the filter the server applies to their events (none: every event). */
export interface LiveSubscription {
  channels: readonly string[];
  filter?: LiveFilter;
}

/** The records a page shows, by id: an update that moves one out of the page's filter still reaches it. Sorted, so a new order is no new filter. */
export function shownMatch(ids: readonly string[]): LiveMatch[] {
  return ids.length > 0 ? [{ $id: [...new Set(ids)].sort() }] : [];
}

/** A stable text for comparing subscriptions (effects resubscribe or refilter when it changes). */
export function subscriptionsKey(subscriptions: readonly LiveSubscription[]): string {
  return JSON.stringify(subscriptions.map(({ channels, filter }) => [[...new Set(channels)].sort(), filter ?? null]));
}

/** The channels alone, so a change of filter alone can update the subscriptions in place. */
export function channelsKey(subscriptions: readonly LiveSubscription[]): string {
  return JSON.stringify(subscriptions.map(({ channels }) => [...new Set(channels)].sort()));
}
