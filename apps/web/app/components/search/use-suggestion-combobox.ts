import { searchTerms } from '@ballot-atlas/shared/text/search-text';
import { useEffect, useMemo, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useRootData } from '../../lib/root-data';
import { nextActiveOption } from './active-option';
import type { SuggestionOption } from './suggestion-list';
import { preloadSuggestions, useSuggestions, type SuggestionSource } from './use-suggestions';

interface ComboboxOptions {
  inputId: string;
  defaultValue: string;
  /** Where suggestions come from; the site search's when absent. */
  source?: SuggestionSource;
  /** Options shown after the suggestions (the site search adds "see all results"). */
  trailingOptions?: (query: string) => SuggestionOption[];
}

/**
 * The state and keyboard model of a WAI-ARIA 1.2 combobox whose listbox suggests links as you type:
 * arrows move through the options, Enter follows the active one, Escape closes the list (or, when it
 * is closed, clears the field). The caller draws the input (spreading `inputProps`) and SuggestionList.
 */
export function useSuggestionCombobox({ inputId, defaultValue, source, trailingOptions }: ComboboxOptions) {
  const { projectId } = useRootData();
  const navigate = useNavigate();
  const listboxId = `${inputId}-suggestions`;
  const [text, setText] = useState(defaultValue);
  const [typed, setTyped] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { query, suggestions, loading } = useSuggestions(text, projectId, typed, source);

  useEffect(() => {
    setText(defaultValue);
    setTyped(false);
  }, [defaultValue]);
  useEffect(() => setActive(-1), [suggestions]);

  const options = useMemo<SuggestionOption[]>(
    () => (suggestions.length === 0 ? [] : [...suggestions, ...(trailingOptions?.(query) ?? [])]),
    [suggestions, query, trailingOptions],
  );
  const expanded = open && options.length > 0;
  const terms = useMemo(() => searchTerms(query), [query]);
  const optionId = (index: number): string => `${listboxId}-${index}`;
  /** Typed, settled, and nothing matched: what the live region announces as "no suggestions". */
  const nothingFound = open && typed && !loading && query !== '' && terms.length > 0 && query === text && suggestions.length === 0;

  const go = (href: string): void => {
    setOpen(false);
    setActive(-1);
    navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.nativeEvent.isComposing) return;
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        setOpen(true);
        if (event.altKey) return;
        setActive((current) => nextActiveOption(current, count, down, expanded));
        return;
      }
      case 'Enter': {
        const option = expanded ? options[active] : undefined;
        if (!option) return;
        event.preventDefault();
        go(option.href);
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text !== '') {
          event.preventDefault();
          setText('');
        }
        return;
    }
  };

  const inputProps = {
    id: inputId,
    name: 'q',
    type: 'search',
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listboxId,
    'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
    autoComplete: 'off',
    spellCheck: false,
    enterKeyHint: 'search',
    maxLength: 200,
    value: text,
    onChange: (event) => {
      setText(event.currentTarget.value);
      setTyped(true);
      setOpen(true);
    },
    onFocus: () => {
      preloadSuggestions(source);
      setOpen(true);
    },
    onBlur: () => setOpen(false),
    onKeyDown,
  } satisfies InputHTMLAttributes<HTMLInputElement>;

  const listProps = { id: listboxId, options, expanded, active, optionId, terms, onHover: setActive, onChoose: (option: SuggestionOption) => go(option.href) };

  return { inputProps, listProps, query, suggestions, expanded, nothingFound, close: () => setOpen(false) };
}
