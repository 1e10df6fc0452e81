import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { SuggestionList } from '../../components/search/suggestion-list';
import { useSuggestionCombobox } from '../../components/search/use-suggestion-combobox';
import type { SuggestionSource } from '../../components/search/use-suggestions';
import { MY_BALLOT_PATH } from './paths';

/** Places only (areas, districts, regions), each leading into My ballot. */
const placeSource: SuggestionSource = () => import('./place-suggestions.client');

/**
 * The finder's place field: a GET form to /my-ballot?q= that works without JavaScript (the server
 * lists the matches); with it, a WAI-ARIA 1.2 combobox that suggests places as you type, using the
 * site search's listbox and debounced suggestion hook.
 */
export function PlaceSearch({ defaultValue }: { defaultValue: string }) {
  const { t } = useTranslation('my-ballot');
  const { inputProps, listProps, suggestions, expanded, nothingFound, close } = useSuggestionCombobox({ inputId: `place-${useId()}`, defaultValue, source: placeSource });
  const status = expanded ? t('finder.suggestionCount', { count: suggestions.length }) : nothingFound ? t('finder.noSuggestions') : '';

  return (
    <Form method="get" action={MY_BALLOT_PATH} role="search" aria-label={t('finder.searchLandmark')} onSubmit={close} className="flex w-full items-end gap-2">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={inputProps.id} className="mb-1 block text-sm font-medium">
          {t('finder.searchLabel')}
        </label>
        <MapPin aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-5 text-slate-500 dark:text-slate-400" />
        <input
          {...inputProps}
          placeholder={t('finder.searchPlaceholder')}
          className="w-full rounded-md border border-slate-400 bg-white py-2.5 pl-10 pr-3 text-base text-slate-900 placeholder:text-slate-500 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <SuggestionList {...listProps} label={t('finder.suggestionsLabel')} />
      </div>
      <button type="submit" className="shrink-0 rounded-md bg-green-700 px-4 py-2.5 font-semibold text-white hover:bg-green-800 dark:bg-green-600 dark:text-slate-950 dark:hover:bg-green-500">
        {t('finder.searchSubmit')}
      </button>
      <p role="status" className="sr-only">
        {status}
      </p>
    </Form>
  );
}
