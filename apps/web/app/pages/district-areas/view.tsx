import { useTranslation } from 'react-i18next';
import { MapSection } from '../../components/maps/map-section';
import { AtAGlance } from '../../components/charts/at-a-glance';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { DownloadPdfLink } from '../convert-to-pdf/download-pdf-link';
import { Section } from '../../components/ui/section';
import { pageMeta } from '../../lib/seo';
import type { PageMeta } from '../page-module';
import { districtAreasPath, hierarchyCrumbs, type Translate } from '../area-hierarchy/crumbs';
import { placeCard } from '../../lib/share-image/share-card';
import { useAreaFormat } from '../area-hierarchy/format';
import { KindBadge } from '../area-hierarchy/kind-badge';
import { StatList } from '../area-hierarchy/stat-list';
import { AreaTable } from './area-table';
import type { DistrictAreasData } from './loader.server';
import { OfficeLinks } from './office-links';
import { useLiveDistrictAreas } from '../../lib/live/live-pages';
import { LiveStatus } from '../../lib/live/live-status';

/** The trail the page shows and its BreadcrumbList (meta) describes. */
const districtAreasCrumbs = ({ region, subregion, district }: DistrictAreasData, t: Translate) => hierarchyCrumbs(t, { region, subregion, district });

/** Both addresses of this page name the long, hierarchical one as canonical. */
export const meta: PageMeta<DistrictAreasData> = (data, context) =>
  pageMeta(
    { ...context, pathname: districtAreasPath(data.district.slug, data.subregion.slug, data.region.slug) },
    {
      title: context.t('areas:districtAreas.title', { district: data.district.name }),
      shareCard: { kind: 'district', ref: data.district.slug, card: placeCard('district', { name: data.district.name, within: data.region.name }, context.t, context.siteName) },
      breadcrumbs: districtAreasCrumbs(data, context.t),
      description: context.t('areas:districtAreas.metaDescription', { district: data.district.name, subregion: data.subregion.name, region: data.region.name, count: data.electoralAreas.length }),
    },
  );

export function View({ data }: { data: DistrictAreasData }) {
  const { t } = useTranslation('areas');
  const format = useAreaFormat();
  const { region, subregion, district, electoralAreas } = data;
  const total = (key: 'registeredVoters' | 'pollingStations'): number => electoralAreas.reduce((sum, area) => sum + (area[key] ?? 0), 0);
  const updates = useLiveDistrictAreas(district.id);
  return (
    <>
      <LiveStatus updates={updates} />
      <PageHeader
        title={t('districtAreas.title', { district: district.name })}
        crumbs={districtAreasCrumbs(data, t)}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <KindBadge kind={district.kind} />
            <DownloadPdfLink kind="district" id={district.id} name={district.name} />
          </div>
        }
        description={district.description ? <p>{district.description}</p> : undefined}
      />
      <Card className="mb-8">
        <h2 className="sr-only">{t('districtAreas.statsHeading')}</h2>
        <StatList
          className="sm:grid-cols-5"
          stats={[
            { label: t('stat.population'), value: format.number(district.population) },
            { label: t('stat.electoralAreas'), value: format.count(electoralAreas.length) },
            { label: t('stat.registeredVoters'), value: format.number(total('registeredVoters')) },
            { label: t('stat.pollingStations'), value: format.number(total('pollingStations')) },
            { label: t('stat.candidates'), value: format.count(data.offices[0]?.candidates ?? 0) },
          ]}
        />
      </Card>

      <AtAGlance glance={data.glance} />

      <Section title={t('districtAreas.candidatesHeading')} id="candidates-by-office">
        {data.election ? <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t('candidateCountsFor', { election: data.election.name })}</p> : null}
        <OfficeLinks offices={data.offices} districtSlug={district.slug} />
      </Section>

      <MapSection map={data.map} id="map" title={t('maps:heading')} caption={t('maps:districtCaption', { district: district.name })} />

      <Section title={t('stat.electoralAreas')} id="electoral-areas">
        {electoralAreas.length ? <AreaTable areas={electoralAreas} regionSlug={region.slug} /> : <p className="text-slate-700 dark:text-slate-300">{t('districtAreas.none')}</p>}
      </Section>
    </>
  );
}
