import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { pageMeta } from '../../lib/seo';
import { buildPath } from '../../lib/urls';
import type { PageMeta } from '../page-module';
import { AreaCard } from '../area-hierarchy/area-card';
import { hierarchyCrumbs, type Translate } from '../area-hierarchy/crumbs';
import { useAreaFormat } from '../area-hierarchy/format';
import { StatList } from '../area-hierarchy/stat-list';
import type { SubregionsData } from './loader.server';

/** The trail the page shows and its BreadcrumbList (meta) describes. */
const subregionsCrumbs = (data: SubregionsData, t: Translate) => [...hierarchyCrumbs(t, { region: data.region }), { label: t('areas:stat.subregions') }];

export const meta: PageMeta<SubregionsData> = (data, context) =>
  pageMeta(context, {
    breadcrumbs: subregionsCrumbs(data, context.t),
    title: context.t('areas:subregions.title', { region: data.region.name }),
    description: context.t('areas:subregions.metaDescription', { region: data.region.name, names: data.subregions.map((subregion) => subregion.name).join(', ') }),
  });

export function View({ data }: { data: SubregionsData }) {
  const { t } = useTranslation('areas');
  const format = useAreaFormat();
  const { region } = data;
  return (
    <>
      <PageHeader
        title={t('subregions.title', { region: region.name })}
        crumbs={subregionsCrumbs(data, t)}
        description={<p>{t('subregions.intro', { region: region.name })}</p>}
      />
      {data.subregions.length ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {data.subregions.map((subregion) => (
            <li key={subregion.slug}>
              <AreaCard to={buildPath('districtsOfSubregion', { subregion: subregion.slug, region: region.slug })} title={subregion.name}>
                {subregion.description ? <p className="mb-3 line-clamp-3 text-sm text-slate-700 dark:text-slate-300">{subregion.description}</p> : null}
                <StatList
                  stats={[
                    { label: t('stat.districts'), value: format.count(subregion.districts) },
                    { label: t('stat.electoralAreas'), value: format.count(subregion.electoralAreas) },
                  ]}
                />
              </AreaCard>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">{t('subregions.none')}</p>
      )}
    </>
  );
}
