import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { pageMeta } from '../../lib/seo';
import { buildPath, staticPaths } from '../../lib/urls';
import type { PageMeta } from '../page-module';
import { useAreaFormat } from '../area-hierarchy/format';
import { AreaCard } from '../area-hierarchy/area-card';
import { SecondaryLink } from '../area-hierarchy/secondary-link';
import { StatList } from '../area-hierarchy/stat-list';
import type { RegionsData, RegionSummary } from './loader.server';

export const meta: PageMeta<RegionsData> = (data, context) =>
  pageMeta(context, {
    title: context.t('areas:regions.title'),
    description: context.t('areas:regions.metaDescription', { count: data.regions.length, names: data.regions.map((region) => region.name).join(', ') }),
  });

export function View({ data }: { data: RegionsData }) {
  const { t } = useTranslation('areas');
  return (
    <>
      <PageHeader
        title={t('regions.title')}
        description={<p>{t('regions.intro')}</p>}
        actions={
<SecondaryLink to={staticPaths.districts}>{t('regions.allDistricts')}</SecondaryLink>
        }
      />
      <ul className="grid gap-4 sm:grid-cols-2">
        {data.regions.map((region) => (
          <li key={region.slug}>
            <RegionCard region={region} />
          </li>
        ))}
      </ul>
    </>
  );
}

function RegionCard({ region }: { region: RegionSummary }) {
  const { t } = useTranslation('areas');
  const format = useAreaFormat();
  return (
    <AreaCard
      to={buildPath('region', { region: region.slug })}
      title={region.name}
      aside={<span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">{region.code}</span>}
    >
      <StatList
        className="sm:grid-cols-3"
        stats={[
          { label: t('stat.population'), value: format.number(region.population) },
          { label: t('stat.subregions'), value: format.count(region.subregions) },
          { label: t('stat.districts'), value: format.count(region.districts) },
          { label: t('stat.electoralAreas'), value: format.count(region.electoralAreas) },
          { label: t('stat.candidatesOnRecord'), value: format.count(region.candidatesOnRecord) },
        ]}
      />
    </AreaCard>
  );
}
