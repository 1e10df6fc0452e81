import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staticPaths } from '../../lib/urls';
import { MAX_COMPARED } from './choices';
import type { ComparedCandidate } from './loader.server';

const linkClass = 'font-medium text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400';

/** Fewer than two candidates: how to pick them, where to find them, and the one already chosen. */
export function EmptyComparison({ chosen }: { chosen: ComparedCandidate[] }) {
  const { t } = useTranslation('compare');
  return (
    <section aria-labelledby="compare-empty-title" className="max-w-2xl rounded-lg border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="compare-empty-title" className="text-lg font-semibold">
        {chosen.length === 1 ? t('empty.oneTitle', { name: chosen[0]!.name }) : t('empty.title')}
      </h2>
      {chosen.length === 1 ? (
        <p className="mt-2">
          <Link to={chosen[0]!.href} className={linkClass}>
            {chosen[0]!.name}
          </Link>
        </p>
      ) : null}
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {t('empty.howBefore')}{' '}
        <span className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-1.5 py-0.5 text-sm font-medium text-slate-800 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100">
          <Plus aria-hidden="true" className="size-3.5" />
          {t('compare-toggle:toggle.label')}
        </span>{' '}
        {t('empty.howAfter', { max: MAX_COMPARED })}
      </p>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{t('empty.findThem')}</p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <li>
          <Link to={staticPaths.regions} className={linkClass}>
            {t('empty.byRegion')}
          </Link>
        </li>
        <li>
          <Link to={staticPaths.districts} className={linkClass}>
            {t('empty.byDistrict')}
          </Link>
        </li>
        <li>
          <Link to={staticPaths.parties} className={linkClass}>
            {t('empty.byParty')}
          </Link>
        </li>
        <li>
          <Link to={staticPaths.search} className={linkClass}>
            {t('empty.bySearch')}
          </Link>
        </li>
      </ul>
    </section>
  );
}
