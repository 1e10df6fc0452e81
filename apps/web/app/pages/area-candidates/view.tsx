import { useTranslation } from 'react-i18next';
import { electionField, partyField } from '../../components/candidates/filter-fields';
import { FilterForm } from '../../components/candidates/filter-form';
import { OfficeGroups } from '../../components/candidates/office-groups';
import { LocatorMap } from '../../components/maps/locator-map';
import { AtAGlance } from '../../components/charts/at-a-glance';
import { PageHeader } from '../../components/ui/page-header';
import { DownloadPdfLink } from '../convert-to-pdf/download-pdf-link';
import { Pagination } from '../../components/ui/pagination';
import { pageMeta } from '../../lib/seo';
import { groupResultsLink } from '../../lib/results/race-path';
import { buildPath } from '../../lib/urls';
import { hierarchyCrumbs, type Translate } from '../area-hierarchy/crumbs';
import type { Crumb } from '../../components/ui/breadcrumbs';
import { placeCard } from '../../lib/share-image/share-card';
import { inArea, useLiveCandidateList } from '../../lib/live/live-pages';
import { LiveStatus } from '../../lib/live/live-status';
import type { PageMeta } from '../page-module';
import type { AreaCandidatesData } from './loader.server';

/** The trail the page shows and its BreadcrumbList (meta) describes. */
function areaCrumbs({ area, region, subregion, district }: AreaCandidatesData, t: Translate): Crumb[] {
  return [...hierarchyCrumbs(t, { region, subregion: subregion ?? undefined, district: district ?? undefined }), { label: area.name }];
}

export function View({ data }: { data: AreaCandidatesData }) {
  const { t } = useTranslation('candidates');
  const { area, region, subregion, district, election } = data;
  const crumbs = areaCrumbs(data, t);
  const live = useLiveCandidateList(data.groups, inArea(area.id, district?.id ?? null));
  return (
    <>
      <LiveStatus updates={live.updates} />
      <PageHeader
        title={t('area.title', { area: area.name })}
        crumbs={crumbs}
        actions={<DownloadPdfLink kind="area" id={area.id} name={area.name} />}
        description={
          <p>
            {election
              ? t('area.intro', { area: area.name, district: district?.name ?? region.name, election: election.name })
              : t('list.noElection')}
          </p>
        }
      />
      {data.locator && district ? <LocatorMap map={data.locator} caption={t('maps:locator', { area: area.name, district: district.name })} /> : null}
      <AtAGlance glance={data.glance} />
      <FilterForm
        legend={t('filters.legend')}
        fields={[partyField(t, data.parties, data.partyValue), electionField(t, data.electionChoice)]}
      />
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {t('list.total', { count: data.total })}
      </p>
      <OfficeGroups
        groups={live.groups}
        showPlace={() => false}
        resultsFor={(group) => groupResultsLink((office) => t('results:linkFor', { office }), election, group, { area, district, region })}
        linkFor={(group) =>
          group.office.level === 'district' && district
            ? {
                to: buildPath('districtCandidates', { office: group.office.slug, district: district.slug }),
                label: t('area.districtOfficeLink', { office: group.office.name, district: district.name }),
              }
            : null
        }
      />
      <Pagination page={data.page} pageCount={data.pageCount} />
    </>
  );
}

export const meta: PageMeta<AreaCandidatesData> = (data, context) =>
  pageMeta(context, {
    title: context.t('candidates:area.metaTitle', { area: data.area.name, region: data.region.name }),
    shareCard: { kind: 'area', ref: data.area.slug, card: placeCard('area', { name: data.area.name, within: data.district?.name ?? null }, context.t, context.siteName) },
    breadcrumbs: areaCrumbs(data, context.t),
    description: context.t('candidates:area.metaDescription', { area: data.area.name, region: data.region.name, election: data.election?.name ?? '' }),
  });
