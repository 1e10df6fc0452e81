import { searchTerms } from '@ballot-atlas/shared/text/search-text';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigate } from 'react-router';
import { cn } from '../../lib/cn';
import { staticPaths } from '../../lib/urls';
import { useRootData } from '../../lib/root-data';
import { SuggestionList, type SuggestionOption } from './suggestion-list';
import { preloadSuggestions, useSuggestions } from './use-suggestions';

interface SearchBoxProps {
  /** Needed when a page shows a second box (the header has one). */
  id?: string;
  defaultValue?: string;
  size?: 'compact' | 'large';
  /** Extra GET fields sent with the query (the search page keeps its chosen type). */
  hiddenFields?: Record<string, string>;
  /** Names the search landmark; the header's box is the site search, a page's own box the main one. */
  landmark?: 'site' | 'main';
}

/**
 * A GET form to /search that works without JavaScript (React Router's Form renders a plain form);
 * with it, the input becomes a WAI-ARIA 1.2 combobox whose listbox suggests candidates, parties
 * and places as you type.
 */
export function SearchBox({ id, defaultValue = '', size = 'compact', hiddenFields = {}, landmark = 'site' }: SearchBoxProps) {
  const { t } = useTranslation(['common', 'search']);
  const { projectId } = useRootData();
  const navigate = useNavigate();
  const generatedId = useId();
  const inputId = id ?? `search-${generatedId}`;
  const listboxId = `${inputId}-suggestions`;
  const [text, setText] = useState(defaultValue);
  const [typed, setTyped] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { query, suggestions, loading } = useSuggestions(text, projectId, typed);

  useEffect(() => {
    setText(defaultValue);
    setTyped(false);
  }, [defaultValue]);
  useEffect(() => setActive(-1), [suggestions]);

  const options = useMemo<SuggestionOption[]>(() => {
    if (suggestions.length === 0) return [];
    const all = `${staticPaths.search}?${new URLSearchParams({ q: query })}`;
    return [...suggestions, { type: 'search', id: 'all', label: t('search:suggest.seeAll', { query }), detail: null, href: all }];
  }, [suggestions, query, t]);
  const expanded = open && options.length > 0;
  const terms = useMemo(() => searchTerms(query), [query]);
  const optionId = (index: number): string => `${listboxId}-${index}`;

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
        setActive((current) => (!expanded || current === -1 ? (down ? 0 : count - 1) : (current + (down ? 1 : count - 1)) % count));
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

  const large = size === 'large';
  const status = expanded
    ? t('search:suggest.count', { count: suggestions.length })
    : open && typed && !loading && query !== '' && terms.length > 0 && query === text
      ? t('search:suggest.none')
      : '';

  return (
    <Form method="get" action={staticPaths.search} role="search" aria-label={t(`search:form.${landmark}Label`)} onSubmit={() => setOpen(false)} className="relative flex w-full items-center gap-2">
      {Object.entries(hiddenFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={inputId} className="sr-only">
        {t('common:search.label')}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search aria-hidden="true" className={cn('pointer-events-none absolute top-1/2 -translate-y-1/2 text-slate-500 dark:text-slate-400', large ? 'left-3 size-5' : 'left-2.5 size-4')} />
        <input
          id={inputId}
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={200}
          value={text}
          placeholder={t('common:search.placeholder')}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setTyped(true);
            setOpen(true);
          }}
          onFocus={() => {
            preloadSuggestions();
            setOpen(true);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={cn(
            'w-full rounded-md border border-slate-400 bg-white text-slate-900 placeholder:text-slate-500 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400',
            large ? 'py-2.5 pl-10 pr-3 text-base' : 'py-1.5 pl-8 pr-2 text-sm',
          )}
        />
        <SuggestionList
          id={listboxId}
          label={t('search:suggest.label')}
          options={options}
          expanded={expanded}
          active={active}
          optionId={optionId}
          terms={terms}
          onHover={setActive}
          onChoose={(option) => go(option.href)}
        />
      </div>
      {large ? (
        <button type="submit" className="shrink-0 rounded-md bg-green-700 px-4 py-2.5 font-semibold text-white hover:bg-green-800 dark:bg-green-600 dark:text-slate-950 dark:hover:bg-green-500">
          {t('search:form.submit')}
        </button>
      ) : null}
      <p role="status" className="sr-only">
        {status}
      </p>
    </Form>
  );
}
