import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkCardSurface, stretchedLink } from '../../components/ui/link-card';
import { cn } from '../../lib/cn';
import { entityPaths } from '../../lib/directory/entity-paths';
import { formatCount } from '../../lib/format-count';
import { staticPaths } from '../../lib/urls';
import type { HomeRegion } from './loader.server';
import { SectionHeading } from './section-heading';

/** Every region as a card linking to its page, with its district and candidate counts. */
export function RegionCards({ regions }: { regions: HomeRegion[] }) {
  const { t, i18n } = useTranslation('home');
  return (
    <section aria-labelledby="home-regions" className="mb-10">
      <SectionHeading id="home-regions" title={t('regions.heading')} link={{ to: staticPaths.regions, label: t('regions.all') }} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {regions.map((region) => (
          <li key={region.slug}>
            <article className={cn('group h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900', linkCardSurface)}>
              <div className="flex items-start justify-between gap-2">
                <h3 className="min-w-0 break-words text-lg font-semibold">
                  <Link to={entityPaths.region(region.slug)} className={cn('text-slate-900 group-hover:text-green-800 group-hover:underline dark:text-slate-100 dark:group-hover:text-green-400', stretchedLink)}>
                    {region.name}
                  </Link>
                </h3>
                <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">{region.code}</span>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t('regions.districts')}</dt>
                  <dd className="font-semibold tabular-nums">{formatCount(region.districts, i18n.language)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t('regions.candidates')}</dt>
                  <dd className="font-semibold tabular-nums">{formatCount(region.candidates, i18n.language)}</dd>
                </div>
              </dl>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
