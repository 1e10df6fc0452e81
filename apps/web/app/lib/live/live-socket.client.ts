import { Client, Realtime } from 'appwrite';
import { liveEvent, type LiveEvent } from './live-event';
import type { LiveSubscription } from './live-filter';
import { subscriptionQueries } from './live-queries';

/** How long the socket stays open after the last subscription goes (a client-side navigation usually subscribes again at once). */
const LINGER_MS = 5_000;

let realtime: { projectId: string; service: Realtime } | null = null;
let wanted = 0;
let lingerTimer: ReturnType<typeof setTimeout> | undefined;

/** One SDK `Realtime` per page: every subscription shares its socket (the SDK multiplexes them). */
function service(projectId: string): Realtime {
  if (realtime?.projectId !== projectId) {
    void realtime?.service.disconnect();
    const client = new Client().setEndpoint(`${location.origin}/v1`).setProject(projectId);
    realtime = { projectId, service: new Realtime(client) };
  }
  return realtime.service;
}

function release(): void {
  wanted -= 1;
  if (wanted > 0) return;
  clearTimeout(lingerTimer);
  lingerTimer = setTimeout(() => {
    if (wanted === 0) void realtime?.service.disconnect();
  }, LINGER_MS);
}

/** An open set of subscriptions: `refilter` replaces their filters in place (no gap, no resubscription); `end` drops them. */
export interface LiveHandle {
  refilter(subscriptions: readonly LiveSubscription[]): void;
  end(): void;
}

/**
 * Subscribes `onEvent` to each of `subscriptions` over the page's own-origin socket, with its
 * filter sent as subscription queries. An event that several of them match reaches `onEvent` once.
 * Without WebSocket support nothing happens. When the socket cannot open, the SDK keeps the
 * subscriptions and reconnects with its own back-off; `end` still silences them.
 */
export function subscribeLive(projectId: string, subscriptions: readonly LiveSubscription[], onEvent: (event: LiveEvent) => void): LiveHandle {
  const following = subscriptions.filter((subscription) => subscription.channels.length > 0);
  if (typeof WebSocket === 'undefined' || following.length === 0) return { refilter: () => {}, end: () => {} };
  clearTimeout(lingerTimer);
  wanted += 1;
  let active = true;
  let latest = following;
  // The SDK hands every matching subscription the same frame's payload object.
  let lastPayload: unknown = null;
  const handles = following.map((subscription) =>
    service(projectId)
      .subscribe(
        [...subscription.channels],
        (message) => {
          if (!active || message.payload === lastPayload) return;
          lastPayload = message.payload;
          onEvent(liveEvent(message.events, message.channels, message.payload));
        },
        subscriptionQueries(subscription.filter),
      )
      .catch(() => {
        // The page stays as rendered; the SDK retries the socket by itself.
        return null;
      }),
  );
  return {
    refilter(next) {
      if (!active) return;
      latest = next.filter((subscription) => subscription.channels.length > 0);
      const filters = latest;
      handles.forEach((pending, index) => {
        void pending.then((handle) => (handle && active && filters === latest ? handle.update({ queries: subscriptionQueries(filters[index]?.filter) }) : undefined));
      });
    },
    end() {
      if (!active) return;
      active = false;
      for (const pending of handles) void pending.then((handle) => handle?.unsubscribe());
      release();
    },
  };
}
