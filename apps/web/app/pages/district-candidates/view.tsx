import { useTranslation } from 'react-i18next';
import { electionField, partyField } from '../../components/candidates/filter-fields';
import { FilterForm } from '../../components/candidates/filter-form';
import { OfficeGroups } from '../../components/candidates/office-groups';
import { OfficeSwitcher } from '../../components/candidates/office-switcher';
import { PageHeader } from '../../components/ui/page-header';
import { DownloadPdfLink } from '../convert-to-pdf/download-pdf-link';
import { Pagination } from '../../components/ui/pagination';
import { pageMeta } from '../../lib/seo';
import { groupResultsLink } from '../../lib/results/race-path';
import { buildPath } from '../../lib/urls';
import { hierarchyCrumbs, type Translate } from '../area-hierarchy/crumbs';
import type { Crumb } from '../../components/ui/breadcrumbs';
import { inDistrict, useLiveCandidateList } from '../../lib/live/live-pages';
import { LiveStatus } from '../../lib/live/live-status';
import type { PageMeta } from '../page-module';
import { ALL_OFFICES } from './constants';
import type { DistrictCandidatesData } from './loader.server';

/** The trail the page shows and its BreadcrumbList (meta) describes. */
function districtCandidatesCrumbs({ region, subregion, district }: DistrictCandidatesData, t: Translate): Crumb[] {
  return [...hierarchyCrumbs(t, { region: region ?? undefined, subregion: subregion ?? undefined, district }), { label: t('candidates:district.crumb') }];
}

export function View({ data }: { data: DistrictCandidatesData }) {
  const { t } = useTranslation('candidates');
  const { district, region, subregion, office, election } = data;
  const crumbs = districtCandidatesCrumbs(data, t);
  const choices = [
    { label: t('district.allOffices'), to: buildPath('districtCandidates', { office: ALL_OFFICES, district: district.slug }), current: !office },
    ...data.offices.map((each) => ({
      label: each.name,
      to: buildPath('districtCandidates', { office: each.slug, district: district.slug }),
      current: each.slug === office?.slug,
    })),
  ];
  const live = useLiveCandidateList(data.groups, inDistrict(district.id));
  return (
    <>
      <LiveStatus updates={live.updates} />
      <PageHeader
        title={office ? t('district.title', { office: office.name, district: district.name }) : t('district.titleAll', { district: district.name })}
        crumbs={crumbs}
        actions={<DownloadPdfLink kind="district" id={district.id} name={district.name} />}
        description={<p>{election ? t('district.intro', { district: district.name, election: election.name }) : t('list.noElection')}</p>}
      />
      <OfficeSwitcher choices={choices} />
      <FilterForm legend={t('filters.legend')} fields={[partyField(t, data.parties, data.partyValue), electionField(t, data.electionChoice)]} />
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {t('list.total', { count: data.total })}
      </p>
      <OfficeGroups
        groups={live.groups}
        showPlace={(group) => group.office.level === 'electoral_area'}
        resultsFor={(group) => groupResultsLink((name) => t('results:linkFor', { office: name }), election, group, { district, region, area: null })}
      />
      <Pagination page={data.page} pageCount={data.pageCount} />
    </>
  );
}

export const meta: PageMeta<DistrictCandidatesData> = (data, context) => {
  const names = { office: data.office?.name ?? '', district: data.district.name, election: data.election?.name ?? '' };
  return pageMeta(context, {
    title: data.office ? context.t('candidates:district.title', names) : context.t('candidates:district.titleAll', names),
    breadcrumbs: districtCandidatesCrumbs(data, context.t),
    description: data.office ? context.t('candidates:district.metaDescription', names) : context.t('candidates:district.metaDescriptionAll', names),
  });
};
