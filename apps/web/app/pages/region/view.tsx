import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CandidateList } from '../../components/candidates/candidate-list';
import { MapSection } from '../../components/maps/map-section';
import { AtAGlance } from '../../components/charts/at-a-glance';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { DownloadPdfLink } from '../convert-to-pdf/download-pdf-link';
import { Pagination } from '../../components/ui/pagination';
import { Section } from '../../components/ui/section';
import { pageMeta } from '../../lib/seo';
import { buildPath } from '../../lib/urls';
import type { PageMeta } from '../page-module';
import { AreaCard } from '../area-hierarchy/area-card';
import { districtAreasPath, hierarchyCrumbs, type Translate } from '../area-hierarchy/crumbs';
import { placeCard } from '../../lib/share-image/share-card';
import { useAreaFormat } from '../area-hierarchy/format';
import { KindBadge } from '../area-hierarchy/kind-badge';
import { SecondaryLink } from '../area-hierarchy/secondary-link';
import { StatList } from '../area-hierarchy/stat-list';
import type { RegionData } from './loader.server';

/** The trail the page shows and its BreadcrumbList (meta) describes. */
const regionCrumbs = (data: RegionData, t: Translate) => hierarchyCrumbs(t, { region: data.region });

export const meta: PageMeta<RegionData> = (data, context) =>
  pageMeta(context, {
    title: context.t('areas:region.metaTitle', { name: data.region.name }),
    shareCard: { kind: 'region', ref: data.region.slug, card: placeCard('region', { name: data.region.name, within: null }, context.t, context.siteName) },
    breadcrumbs: regionCrumbs(data, context.t),
    description: data.region.description || context.t('areas:region.metaDescription', { name: data.region.name }),
    jsonLd: { '@type': 'AdministrativeArea', name: data.region.name, identifier: data.region.code, url: `${context.siteUrl}${context.pathname}` },
  });

export function View({ data }: { data: RegionData }) {
  const { t } = useTranslation('areas');
  const format = useAreaFormat();
  const { region, stats } = data;
  const subregionsPath = buildPath('subregionsOfRegion', { region: region.slug });
  return (
    <>
      <PageHeader
        title={t('region.title', { name: region.name })}
        crumbs={regionCrumbs(data, t)}
        description={region.description ? <p>{region.description}</p> : undefined}
        actions={
          <div className="flex flex-wrap gap-2">
            <SecondaryLink to={subregionsPath}>{t('region.subregionsLink', { name: region.name })}</SecondaryLink>
            <DownloadPdfLink kind="region" id={region.id} name={region.name} />
          </div>
        }
      />
      <Card className="mb-8">
        <h2 className="sr-only">{t('region.statsHeading')}</h2>
        <StatList
          className="sm:grid-cols-5"
          stats={[
            { label: t('stat.population'), value: format.number(region.population) },
            { label: t('stat.subregions'), value: format.count(stats.subregions) },
            { label: t('stat.districts'), value: format.count(stats.districts) },
            { label: t('stat.electoralAreas'), value: format.count(stats.electoralAreas) },
            { label: t('stat.candidatesOnRecord'), value: format.count(stats.candidatesOnRecord) },
          ]}
        />
      </Card>

      <AtAGlance glance={data.glance} />

      <MapSection map={data.map} id="map" title={t('maps:heading')} caption={t('maps:regionCaption', { region: region.name })} />

      <Section title={t('stat.subregions')} id="subregions">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {data.subregions.map((subregion) => (
            <li key={subregion.slug}>
              <AreaCard headingLevel="h3" to={buildPath('districtsOfSubregion', { subregion: subregion.slug, region: region.slug })} title={subregion.name}>
                <StatList stats={[{ label: t('stat.districts'), value: format.count(subregion.districts) }]} />
              </AreaCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('stat.districts')} id="districts">
        <ul className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {data.districts.map((district) => (
            <li key={district.slug} className="flex min-w-0 items-center gap-2 py-0.5">
              <Link
                to={districtAreasPath(district.slug, district.subregionSlug, region.slug)}
                className="min-w-0 break-words font-medium text-green-800 underline-offset-2 hover:underline dark:text-green-400"
              >
                {district.name}
              </Link>
              {district.kind !== 'district' ? <KindBadge kind={district.kind} /> : null}
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('region.candidatesHeading')} id="candidates">
        {data.election ? <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t('region.candidatesIntro', { election: data.election.name })}</p> : null}
        {data.candidates.rows.length ? (
          <>
            <CandidateList rows={data.candidates.rows} showPlace={false} />
            <Pagination page={data.candidates.page} pageCount={data.candidates.pageCount} />
          </>
        ) : (
          <p className="text-slate-700 dark:text-slate-300">{t('region.noCandidates')}</p>
        )}
      </Section>
    </>
  );
}
