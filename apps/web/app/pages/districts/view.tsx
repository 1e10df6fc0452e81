import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { pageMeta } from '../../lib/seo';
import { buildPath } from '../../lib/urls';
import type { PageMeta } from '../page-module';
import { hierarchyCrumbs, type Translate } from '../area-hierarchy/crumbs';
import { KindBadge } from '../area-hierarchy/kind-badge';
import { nameMatches } from '../area-hierarchy/name-filter';
import { DistrictFilterForm } from './filter-form';
import type { DistrictItem, DistrictsData, RegionGroup } from './loader.server';
import { numberFormat } from '../../lib/intl';

/** The trail the page shows and its BreadcrumbList (meta) describes. */
const districtsCrumbs = (t: Translate) => [...hierarchyCrumbs(t, {}), { label: t('areas:districts.title') }];

export const meta: PageMeta<DistrictsData> = (data, context) =>
  pageMeta(context, {
    breadcrumbs: districtsCrumbs(context.t),
    title: data.q ? context.t('areas:districts.filteredTitle', { q: data.q }) : context.t('areas:districts.title'),
    description: context.t('areas:districts.metaDescription', { count: data.total }),
    noindex: data.q !== '',
  });

/** Only the groups and districts whose names match; empty groups disappear. */
function filterGroups(regions: RegionGroup[], query: string): { regions: RegionGroup[]; shown: number } {
  let shown = 0;
  const filtered = regions
    .map((region) => ({
      ...region,
      subregions: region.subregions
        .map((subregion) => ({ ...subregion, districts: subregion.districts.filter((district) => nameMatches(district.name, query)) }))
        .filter((subregion) => subregion.districts.length > 0),
    }))
    .filter((region) => region.subregions.length > 0);
  for (const region of filtered) for (const subregion of region.subregions) shown += subregion.districts.length;
  return { regions: filtered, shown };
}

export function View({ data }: { data: DistrictsData }) {
  const { t, i18n } = useTranslation('areas');
  const [query, setQuery] = useState(data.q);
  useEffect(() => setQuery(data.q), [data.q]);
  const { regions, shown } = useMemo(() => filterGroups(data.regions, query), [data.regions, query]);
  const numbers = numberFormat(i18n.language);
  return (
    <>
      <PageHeader title={t('districts.title')} description={t('districts.intro')} crumbs={districtsCrumbs(t)} />
      <DistrictFilterForm query={query} onQueryChange={setQuery} />
      <p role="status" className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        {t('districts.shown', { shown: numbers.format(shown), total: numbers.format(data.total) })}
      </p>
      {regions.length === 0 ? <p className="rounded-md border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">{t('districts.noMatch', { q: query.trim() })}</p> : null}
      {regions.map((region) => (
        <section key={region.slug} aria-labelledby={`region-${region.slug}`} className="mb-8">
          <h2 id={`region-${region.slug}`} className="mb-3 border-b border-slate-200 pb-1 text-xl font-semibold dark:border-slate-800">
            <Link to={buildPath('region', { region: region.slug })} className="hover:text-green-800 hover:underline dark:hover:text-green-400">
              {region.name}
            </Link>
          </h2>
          {region.subregions.map((subregion) => (
            <div key={subregion.slug} className="mb-5">
              <h3 className="mb-2 text-base font-semibold text-slate-700 dark:text-slate-300">
                <Link to={buildPath('districtsOfSubregion', { subregion: subregion.slug, region: region.slug })} className="hover:text-green-800 hover:underline dark:hover:text-green-400">
                  {subregion.name}
                </Link>
              </h3>
              <ul className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
                {subregion.districts.map((district) => (
                  <li key={district.slug}>
                    <DistrictLink district={district} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </>
  );
}

function DistrictLink({ district }: { district: DistrictItem }) {
  return (
    <span className="flex min-w-0 items-center gap-2 py-0.5">
      <Link to={buildPath('areasOfDistrict', { district: district.slug })} className="min-w-0 break-words font-medium text-green-800 underline-offset-2 hover:underline dark:text-green-400">
        {district.name}
      </Link>
      {district.kind !== 'district' ? <KindBadge kind={district.kind} /> : null}
    </span>
  );
}
