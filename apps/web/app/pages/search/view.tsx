import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchBox } from '../../components/search/search-box';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { COUNT_CAP, formatCount } from '../../lib/format-count';
import { matchRank } from '../../lib/search/match';
import { pageMeta } from '../../lib/seo';
import type { PageMeta } from '../page-module';
import { CandidateFilters } from './candidate-filters';
import { NoResults } from './no-results';
import { RESULTS_PER_PAGE, searchHref } from './params';
import { ResultGroup } from './result-group';
import { SearchIntro } from './search-intro';
import { SearchLimited } from './search-limited';
import { TypeNav } from './type-nav';
import type { SearchData, SearchGroup } from './types';
import { numberFormat } from '../../lib/intl';

export const meta: PageMeta<SearchData> = (data, context) => {
  const query = data.params.q;
  return pageMeta(context, {
    title: query ? context.t('search:resultsTitle', { query }) : context.t('search:title'),
    description: query ? context.t('search:metaDescriptionQuery', { query, siteName: context.siteName }) : context.t('search:metaDescription', { siteName: context.siteName }),
    // Result pages are endless variations of other pages; only the bare search page is indexed.
    noindex: query !== '',
  });
};

export function View({ data }: { data: SearchData }) {
  const { t } = useTranslation('search');
  const { params, terms } = data;
  return (
    <>
      <PageHeader title={params.q ? t('resultsTitle', { query: params.q }) : t('title')} />
      <div className="mb-6 max-w-2xl">
        <SearchBox id="search-page-query" size="large" landmark="main" defaultValue={params.q} hiddenFields={params.type ? { type: params.type } : {}} />
      </div>
      {terms.length === 0 ? <SearchIntro noTerms={params.q !== ''} /> : data.limited ? <SearchLimited /> : <Results data={data} />}
    </>
  );
}

/** Types whose preview holds an exact name ("Bo" the region) come before longer lists of partial matches. */
function exactFirst(groups: SearchGroup[], terms: readonly string[]): SearchGroup[] {
  const exact = (group: SearchGroup): number => (group.hits.some((hit) => matchRank(hit.name, terms) === 0) ? 0 : 1);
  return [...groups].sort((a, b) => exact(a) - exact(b));
}

function Results({ data }: { data: SearchData }) {
  const { t, i18n } = useTranslation('search');
  const { params, terms, groups } = data;
  const sum = groups.reduce((total, group) => total + group.total, 0);
  const capped = groups.some((group) => group.total >= COUNT_CAP);
  const total = `${numberFormat(i18n.language).format(sum)}${capped ? '+' : ''}`;
  const chosen = groups.find((group) => group.type === params.type);
  return (
    <>
      <TypeNav params={params} groups={groups} total={total} />
      {params.type === 'candidates' ? <CandidateFilters params={params} filters={data.filters} /> : null}
      {!chosen ? (
        sum === 0 ? (
          <NoResults params={params} termCount={terms.length} />
        ) : (
          exactFirst(groups.filter((group) => group.total > 0), terms).map((group) => <ResultGroup key={group.type} group={group} params={params} terms={terms} preview />)
        )
      ) : chosen.total === 0 ? (
        <NoResults params={params} termCount={terms.length} />
      ) : chosen.hits.length === 0 ? (
        <p>
          {t('noResults.pastEnd')}{' '}
          <Link to={searchHref({ ...params, page: 1 })} className="font-medium text-green-800 underline underline-offset-4 dark:text-green-400">
            {t('noResults.firstPage')}
          </Link>
        </p>
      ) : (
        <>
          <ResultGroup group={chosen} params={params} terms={terms} preview={false} />
          <Pagination page={params.page} pageCount={Math.ceil(Math.min(chosen.total, COUNT_CAP) / RESULTS_PER_PAGE)} />
        </>
      )}
      <p className="sr-only" role="status">
        {t('summary', { count: sum, formatted: formatCount(sum, i18n.language) })}
      </p>
    </>
  );
}
