import type { FormEvent, ReactNode } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { REPLY_FIELD, SELECTION_ACTION, type CompareSelectionReply } from '../../pages/compare/choices';

export type SelectionFetcher = ReturnType<typeof useFetcher<CompareSelectionReply>>;

/**
 * A form that changes the compare selection. Without JavaScript it is a plain POST that comes
 * back (303) to this page; once hydrated it asks for data instead, so the fetcher changes the
 * selection without leaving the page. The switch is made as the script submits the form, not by a
 * state change after hydrating, which would render every row's form of a candidate list again.
 */
export function SelectionForm({ fetcher, intent, candidateId, className, children }: { fetcher: SelectionFetcher; intent: 'add' | 'remove' | 'clear'; candidateId?: string; className?: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <fetcher.Form method="post" action={SELECTION_ACTION} className={className} onSubmit={askForData}>
      <input type="hidden" name="intent" value={intent} />
      {candidateId ? <input type="hidden" name="candidate" value={candidateId} /> : null}
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <input type="hidden" name={REPLY_FIELD} value="redirect" />
      {children}
    </fetcher.Form>
  );
}

/** Runs before React Router reads the form, only when a script submits it. */
function askForData(event: FormEvent<HTMLFormElement>): void {
  const reply = event.currentTarget.elements.namedItem(REPLY_FIELD);
  if (reply instanceof HTMLInputElement) reply.value = 'data';
}
