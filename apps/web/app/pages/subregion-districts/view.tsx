import { useTranslation } from 'react-i18next';
import { MapSection } from '../../components/maps/map-section';
import { PageHeader } from '../../components/ui/page-header';
import { pageMeta } from '../../lib/seo';
import type { PageMeta } from '../page-module';
import { AreaCard } from '../area-hierarchy/area-card';
import { districtAreasPath, hierarchyCrumbs, type Translate } from '../area-hierarchy/crumbs';
import { useAreaFormat } from '../area-hierarchy/format';
import { KindBadge } from '../area-hierarchy/kind-badge';
import { StatList } from '../area-hierarchy/stat-list';
import type { SubregionDistrictsData } from './loader.server';

/** The trail the page shows and its BreadcrumbList (meta) describes. */
const subregionCrumbs = ({ region, subregion }: SubregionDistrictsData, t: Translate) => hierarchyCrumbs(t, { region, subregion });

export const meta: PageMeta<SubregionDistrictsData> = (data, context) =>
  pageMeta(context, {
    breadcrumbs: subregionCrumbs(data, context.t),
    title: context.t('areas:subregionDistricts.title', { subregion: data.subregion.name, region: data.region.name }),
    description: data.subregion.description || context.t('areas:subregionDistricts.metaDescription', { subregion: data.subregion.name, region: data.region.name }),
  });

export function View({ data }: { data: SubregionDistrictsData }) {
  const { t } = useTranslation('areas');
  const format = useAreaFormat();
  const { region, subregion } = data;
  return (
    <>
      <PageHeader
        title={t('subregionDistricts.title', { subregion: subregion.name, region: region.name })}
        crumbs={subregionCrumbs(data, t)}
        description={subregion.description ? <p>{subregion.description}</p> : undefined}
      />
      <MapSection map={data.map} id="map" title={t('maps:heading')} caption={t('maps:subregionCaption', { subregion: subregion.name })} />
      {data.districts.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.districts.map((district) => (
            <li key={district.slug}>
              <AreaCard to={districtAreasPath(district.slug, subregion.slug, region.slug)} title={district.name} aside={<KindBadge kind={district.kind} />}>
                <StatList
                  stats={[
                    { label: t('stat.population'), value: format.number(district.population) },
                    { label: t('stat.electoralAreas'), value: format.count(district.electoralAreas) },
                  ]}
                />
              </AreaCard>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">{t('subregionDistricts.none')}</p>
      )}
    </>
  );
}
