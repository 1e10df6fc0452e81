import { searchTerms } from '@ballot-atlas/shared/text/search-text';
import { useEffect, useState } from 'react';
import type { Suggestion } from '../../lib/search/suggestion';

const DEBOUNCE_MS = 200;

/** Where suggestions come from, loaded only when someone starts typing (so the SDK never weighs on the first page load). */
export type SuggestionSource = () => Promise<{ fetchSuggestions(text: string, projectId: string, signal: AbortSignal): Promise<Suggestion[]> }>;

/** The site search's: candidates, parties and places. */
const loadFetcher: SuggestionSource = () => import('../../lib/search/suggestions.client');

export interface SuggestionState {
  /** The text these suggestions answer (they may lag behind the input while a request runs). */
  query: string;
  suggestions: Suggestion[];
  loading: boolean;
}

/** Suggestions for `text`, debounced; a newer text aborts the requests of the older one. */
export function useSuggestions(text: string, projectId: string, enabled: boolean, source: SuggestionSource = loadFetcher): SuggestionState {
  const [state, setState] = useState<SuggestionState>({ query: text, suggestions: [], loading: false });

  useEffect(() => {
    if (!enabled || searchTerms(text).length === 0) {
      // Unchanged state is kept as it is, so a box that has not been typed in does not render again after hydrating.
      setState((previous) => (previous.query === text && previous.suggestions.length === 0 && !previous.loading ? previous : { query: text, suggestions: [], loading: false }));
      return;
    }
    setState((previous) => ({ ...previous, loading: true }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      source()
        .then(({ fetchSuggestions }) => fetchSuggestions(text, projectId, controller.signal))
        .then(
          (suggestions) => {
            if (!controller.signal.aborted) setState({ query: text, suggestions, loading: false });
          },
          () => {
            if (!controller.signal.aborted) setState({ query: text, suggestions: [], loading: false });
          },
        );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, projectId, enabled, source]);

  return state;
}

/** Starts fetching the suggestion code early (on focus), so the first keystroke is answered fast. */
export function preloadSuggestions(source: SuggestionSource = loadFetcher): void {
  source().catch(() => undefined);
}
