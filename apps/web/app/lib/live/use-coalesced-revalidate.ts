import { useCallback, useRef } from 'react';
import { useRevalidator } from 'react-router';

/**
 * The one way a page asks for fresh loader data without a navigation: at most one revalidation in
 * flight, and requests made meanwhile merge into a single one after it. `onSettled` runs when the
 * page shows the fresh data.
 */
export function useCoalescedRevalidate(onSettled?: () => void): () => void {
  const revalidator = useRevalidator();
  const latest = useRef({ revalidator, onSettled });
  latest.current = { revalidator, onSettled };
  const queue = useRef({ running: false, queued: false });
  return useCallback(() => {
    const state = queue.current;
    if (state.running) {
      state.queued = true;
      return;
    }
    state.running = true;
    const run = (): void => {
      latest.current.revalidator
        .revalidate()
        .catch(() => {
          // A failed revalidation is shown by the route's error boundary; nothing more to do here.
        })
        .finally(() => {
          if (state.queued) {
            state.queued = false;
            run();
            return;
          }
          state.running = false;
          latest.current.onSettled?.();
        });
    };
    run();
  }, []);
}
