import { Search } from 'lucide-react';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { cn } from '../../lib/cn';
import { staticPaths } from '../../lib/urls';
import { SuggestionList, type SuggestionOption } from './suggestion-list';
import { useSuggestionCombobox } from './use-suggestion-combobox';

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
  const generatedId = useId();
  const seeAll = useCallback(
    (query: string): SuggestionOption[] => [{ type: 'search', id: 'all', label: t('search:suggest.seeAll', { query }), detail: null, href: `${staticPaths.search}?${new URLSearchParams({ q: query })}` }],
    [t],
  );
  const { inputProps, listProps, suggestions, expanded, nothingFound, close } = useSuggestionCombobox({ inputId: id ?? `search-${generatedId}`, defaultValue, trailingOptions: seeAll });

  const large = size === 'large';
  const status = expanded ? t('search:suggest.count', { count: suggestions.length }) : nothingFound ? t('search:suggest.none') : '';

  return (
    <Form method="get" action={staticPaths.search} role="search" aria-label={t(`search:form.${landmark}Label`)} onSubmit={close} className="relative flex w-full items-center gap-2">
      {Object.entries(hiddenFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={inputProps.id} className="sr-only">
        {t('common:search.label')}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search aria-hidden="true" className={cn('pointer-events-none absolute top-1/2 -translate-y-1/2 text-slate-500 dark:text-slate-400', large ? 'left-3 size-5' : 'left-2.5 size-4')} />
        <input
          {...inputProps}
          placeholder={t('common:search.placeholder')}
          className={cn(
            'w-full rounded-md border border-slate-400 bg-white text-slate-900 placeholder:text-slate-500 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400',
            large ? 'py-2.5 pl-10 pr-3 text-base' : 'py-1.5 pl-8 pr-2 text-sm',
          )}
        />
        <SuggestionList {...listProps} label={t('search:suggest.label')} />
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
