import { useEffect, useRef } from 'react';
import { useRootData } from '../root-data';
import type { LiveEvent } from './live-event';
import { channelsKey, subscriptionsKey, type LiveSubscription } from './live-filter';
import type { LiveHandle } from './live-socket.client';

/**
 * Calls `onEvent` for every change the server sends for `subscriptions` (their channels, kept by
 * their filters) while the component is mounted. The realtime code (the SDK's `Realtime`) is loaded
 * only after the page has rendered in the browser, so it costs no first-load JavaScript and nothing
 * runs during server rendering. New channels resubscribe; a new filter alone (the page now shows
 * other records) updates the subscriptions in place; unmounting (or navigating away) ends them.
 */
export function useLiveEvents(subscriptions: readonly LiveSubscription[], onEvent: (event: LiveEvent) => void): void {
  const { projectId } = useRootData();
  const listener = useRef(onEvent);
  listener.current = onEvent;
  const latest = useRef(subscriptions);
  latest.current = subscriptions;
  const handle = useRef<LiveHandle | null>(null);
  const channels = channelsKey(subscriptions);
  const filters = subscriptionsKey(subscriptions);
  const following = subscriptions.some((subscription) => subscription.channels.length > 0);
  useEffect(() => {
    if (!following) return;
    let ended = false;
    import('./live-socket.client')
      .then(({ subscribeLive }) => {
        if (!ended) handle.current = subscribeLive(projectId, latest.current, (event) => listener.current(event));
      })
      .catch(() => {
        // A failed chunk load (offline, a new build deployed) leaves the page as rendered.
      });
    return () => {
      ended = true;
      handle.current?.end();
      handle.current = null;
    };
  }, [projectId, channels, following]);
  useEffect(() => {
    handle.current?.refilter(latest.current);
  }, [filters]);
}
