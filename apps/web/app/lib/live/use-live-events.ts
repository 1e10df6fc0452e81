import { useEffect, useRef } from 'react';
import { useRootData } from '../root-data';
import type { LiveEvent } from './live-event';

/**
 * Calls `onEvent` for every change published on `channels` while the component is mounted. The
 * realtime code (the SDK's `Realtime`) is loaded only after the page has rendered in the browser,
 * so it costs no first-load JavaScript and nothing runs during server rendering. A new list of
 * channels resubscribes; unmounting (or navigating away) ends the subscription.
 */
export function useLiveEvents(channels: readonly string[], onEvent: (event: LiveEvent) => void): void {
  const { projectId } = useRootData();
  const listener = useRef(onEvent);
  listener.current = onEvent;
  const key = [...new Set(channels)].sort().join(' ');
  useEffect(() => {
    if (!key) return;
    let unsubscribe: (() => void) | null = null;
    let ended = false;
    import('./live-socket.client')
      .then(({ subscribeLive }) => {
        if (!ended) unsubscribe = subscribeLive(projectId, key.split(' '), (event) => listener.current(event));
      })
      .catch(() => {
        // A failed chunk load (offline, a new build deployed) leaves the page as rendered.
      });
    return () => {
      ended = true;
      unsubscribe?.();
    };
  }, [projectId, key]);
}
