import { startTransition, useState } from 'react';
import type { LiveEvent } from './live-event';
import type { LiveSubscription } from './live-filter';
import { plainFields, type Patches } from './live-patch';
import { useCoalescedRevalidate } from './use-coalesced-revalidate';
import { useLiveEvents } from './use-live-events';

export interface LiveRefresh {
  /** Completed reloads, for <LiveStatus>. */
  updates: number;
  /** Fields of updated records, by id, shown until the reload that includes them lands. */
  patches: Patches;
}

const NO_PATCHES: Patches = new Map();

/**
 * Reloads the route's data when a change sent for `subscriptions` passes `isRelevant` (server rendering stays
 * the single source of truth). With `patchFields`, an update's plain fields are also handed back
 * at once as `patches`, so the page can show them before the reload lands.
 *
 * A page uses it like this:
 *
 *   const live = useLiveRefresh(
 *     [{ channels: [collectionChannel('candidates')], filter: shownMatch(shownIds) }],
 *     (event) => touches(event, { ids: shownIds }),
 *     { patchFields: CANDIDATE_FIELDS },
 *   );
 *   const groups = patchedRows(data.groups, live.patches);
 *   …
 *   <LiveStatus updates={live.updates} />
 *
 * Prefer a document channel (`documentChannel('parties', id)`) when the page is about one record.
 * On a collection channel, give the subscription a `filter` (the server then sends only the records
 * it keeps: an unrelated change costs no frame) and keep `isRelevant` as the page's exact check.
 */
export function useLiveRefresh(subscriptions: readonly LiveSubscription[], isRelevant: (event: LiveEvent) => boolean = () => true, options: { patchFields?: readonly string[] } = {}): LiveRefresh {
  const [updates, setUpdates] = useState(0);
  const [patches, setPatches] = useState<Patches>(NO_PATCHES);
  // The router commits the reloaded data in a transition; dropping the patches in one too keeps the
  // old values from flashing between the two.
  const refresh = useCoalescedRevalidate(() =>
    startTransition(() => {
      setPatches(NO_PATCHES);
      setUpdates((count) => count + 1);
    }),
  );
  useLiveEvents(subscriptions, (event) => {
    if (!isRelevant(event)) return;
    const id = event.payload['$id'];
    if (options.patchFields && event.action === 'update' && typeof id === 'string') {
      const fields = plainFields(event.payload, options.patchFields);
      setPatches((previous) => new Map(previous).set(id, { ...previous.get(id), ...fields }));
    }
    refresh();
  });
  return { updates, patches };
}
