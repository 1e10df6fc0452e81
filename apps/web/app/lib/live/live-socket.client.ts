import { Client, Realtime, type RealtimeSubscription } from 'appwrite';
import { liveEvent, type LiveEvent } from './live-event';

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

/**
 * Subscribes `onEvent` to `channels` over the page's own-origin socket; returns the function that
 * ends it. Without WebSocket support nothing happens. When the socket cannot open, the SDK keeps
 * the subscription and reconnects with its own back-off; the returned function still silences it.
 */
export function subscribeLive(projectId: string, channels: string[], onEvent: (event: LiveEvent) => void): () => void {
  if (typeof WebSocket === 'undefined' || channels.length === 0) return () => {};
  clearTimeout(lingerTimer);
  wanted += 1;
  let active = true;
  let handle: RealtimeSubscription | null = null;
  service(projectId)
    .subscribe(channels, (message) => {
      if (active) onEvent(liveEvent(message.events, message.channels, message.payload));
    })
    .then((subscription) => {
      handle = subscription;
      if (!active) void subscription.unsubscribe();
    })
    .catch(() => {
      // The page stays as rendered; the SDK retries the socket by itself.
    });
  return () => {
    if (!active) return;
    active = false;
    if (handle) void handle.unsubscribe();
    release();
  };
}
