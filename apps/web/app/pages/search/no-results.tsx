import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrowseLinks } from './browse-links';
import { hasCandidateFilters, searchHref, type SearchParams } from './params';

const linkClass = 'font-medium text-green-800 underline underline-offset-4 dark:text-green-400';

/** Nothing matched: say so, and offer the ways out that apply to this search. */
export function NoResults({ params, termCount }: { params: SearchParams; termCount: number }) {
  const { t, i18n } = useTranslation('search');
  const filtered = params.type === 'candidates' && hasCandidateFilters(params);
  return (
    <section aria-labelledby="search-no-results" className="max-w-2xl">
      <h2 id="search-no-results" className="text-lg font-semibold">
        {params.type ? t('noResults.titleType', { type: t(`types.${params.type}`).toLocaleLowerCase(i18n.language), query: params.q }) : t('noResults.title', { query: params.q })}
      </h2>
      <h3 className="mt-4 font-semibold">{t('noResults.suggestionsTitle')}</h3>
      <ul className="mt-2 list-disc space-y-1 ps-5 text-slate-700 dark:text-slate-300">
        {filtered ? (
          <li>
            <Link to={searchHref({ q: params.q, type: 'candidates' })} className={linkClass}>
              {t('noResults.removeFilters')}
            </Link>
          </li>
        ) : null}
        {params.type ? (
          <li>
            <Link to={searchHref({ q: params.q })} className={linkClass}>
              {t('noResults.allTypes')}
            </Link>
          </li>
        ) : null}
        <li>{t('noResults.spelling')}</li>
        {termCount > 1 ? <li>{t('noResults.fewerWords')}</li> : null}
      </ul>
      <BrowseLinks />
    </section>
  );
}
