import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount } from '../../lib/format-count';
import { HitLine } from './hit-line';
import { searchHref, type SearchParams } from './params';
import type { SearchGroup } from './types';

/** One type's results under its heading; a preview links on to the full list of that type. */
export function ResultGroup({ group, params, terms, preview }: { group: SearchGroup; params: SearchParams; terms: readonly string[]; preview: boolean }) {
  const { t, i18n } = useTranslation('search');
  const headingId = `results-${group.type}`;
  const formatted = formatCount(group.total, i18n.language);
  return (
    <section aria-labelledby={headingId} className="mb-8">
      <h2 id={headingId} className="flex items-baseline gap-2 border-b border-slate-200 pb-2 text-lg font-semibold dark:border-slate-800">
        {t(`types.${group.type}`)}
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{t('summary', { count: group.total, formatted })}</span>
      </h2>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {group.hits.map((hit) => (
          <li key={hit.id}>
            <HitLine hit={hit} terms={terms} />
          </li>
        ))}
      </ul>
      {preview && group.total > group.hits.length ? (
        <p className="mt-2">
          <Link
            to={searchHref({ q: params.q, type: group.type, ...(group.type === 'candidates' ? { region: params.region, party: params.party, office: params.office } : {}) })}
            className="text-sm font-semibold text-green-800 underline underline-offset-4 hover:text-green-950 dark:text-green-400 dark:hover:text-green-300"
          >
            {t(`seeAll.${group.type}`, { formatted })}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
