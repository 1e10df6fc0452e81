import type { ReactNode } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { REPLY_FIELD, SELECTION_ACTION, type CompareSelectionReply } from '../../pages/compare/choices';
import { useHydrated } from './use-hydrated';

export type SelectionFetcher = ReturnType<typeof useFetcher<CompareSelectionReply>>;

/**
 * A form that changes the compare selection. Without JavaScript it is a plain POST that comes
 * back (303) to this page; once hydrated it asks for data instead, so the fetcher changes the
 * selection without leaving the page.
 */
export function SelectionForm({ fetcher, intent, candidateId, className, children }: { fetcher: SelectionFetcher; intent: 'add' | 'remove' | 'clear'; candidateId?: string; className?: string; children: ReactNode }) {
  const location = useLocation();
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" action={SELECTION_ACTION} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {candidateId ? <input type="hidden" name="candidate" value={candidateId} /> : null}
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <input type="hidden" name={REPLY_FIELD} value={hydrated ? 'data' : 'redirect'} />
      {children}
    </fetcher.Form>
  );
}
