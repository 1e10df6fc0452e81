import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { pageMeta } from '../../lib/seo';
import type { PageMeta } from '../page-module';
import { ChangePlaceForm } from './change-place-form';
import type { FinderData, FinderStep } from './finder.server';
import { LocateButton } from './locate-button';
import { PlaceLinks, type PlaceLinkItem } from './place-links';
import { PlaceSearch } from './place-search';
import { ballotPath, finderPath, MY_BALLOT_PATH } from './paths';

const backLink = 'text-sm font-medium text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400';

/** The heading, links and way back of the current step of the finder. */
function Step({ step }: { step: FinderStep }) {
  const { t } = useTranslation(['my-ballot', 'search']);
  let heading: string;
  let items: PlaceLinkItem[];
  let back: { to: string; label: string } | null = null;
  let empty: string | null = null;
  switch (step.kind) {
    case 'regions':
      heading = t('finder.regionsHeading');
      items = step.regions.map((region) => ({ key: region.slug, label: region.name, href: finderPath({ region: region.slug }) }));
      break;
    case 'districts':
      heading = t('finder.districtsHeading', { region: step.region.name });
      items = step.districts.map((district) => ({ key: district.slug, label: district.name, href: finderPath({ district: district.slug }) }));
      back = { to: MY_BALLOT_PATH, label: t('finder.allRegions') };
      break;
    case 'areas':
      heading = t('finder.areasHeading', { district: step.district.name });
      items = step.areas.map((area) => ({ key: area.slug, label: area.name, href: ballotPath(area.slug) }));
      back = step.region ? { to: finderPath({ region: step.region.slug }), label: t('finder.otherDistricts', { region: step.region.name }) } : { to: MY_BALLOT_PATH, label: t('finder.allRegions') };
      break;
    case 'matches':
      heading = t('finder.matchesHeading', { query: step.query });
      items = step.matches.map((match) => ({ key: `${match.type}-${match.id}`, label: match.label, href: match.href, detail: [t(`search:typeSingular.${match.type}`), match.detail].filter(Boolean).join(' · ') }));
      if (items.length === 0) empty = t('finder.noMatches', { query: step.query });
      back = { to: MY_BALLOT_PATH, label: t('finder.allRegions') };
      break;
  }
  return (
    <section aria-labelledby="finder-step" className="mb-8">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="finder-step" className="text-xl font-semibold">
          {heading}
        </h2>
        {back ? (
          <Link to={back.to} className={backLink}>
            {back.label}
          </Link>
        ) : null}
      </div>
      {empty ? <p className="text-slate-700 dark:text-slate-300">{empty}</p> : <PlaceLinks items={items} />}
    </section>
  );
}

export function FinderView({ data }: { data: FinderData }) {
  const { t } = useTranslation('my-ballot');
  const query = data.step.kind === 'matches' ? data.step.query : '';
  const notice = data.located ? t(`locate.${data.located}`) : data.unknownStep ? t('finder.unknownStep') : null;
  return (
    <>
      <PageHeader title={t('finder.title')} description={<p>{t('finder.intro')}</p>} />
      {data.remembered ? (
        <div className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3 dark:border-green-900 dark:bg-green-950/60">
          <p className="font-medium">{t('finder.remembered', { place: data.remembered.name })}</p>
          <Link to={ballotPath(data.remembered.slug)} className="rounded-md bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800 dark:bg-green-600 dark:text-slate-950 dark:hover:bg-green-500">
            {t('finder.openBallot')}
          </Link>
          <ChangePlaceForm />
        </div>
      ) : null}
      {notice ? (
        <p role="alert" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100">
          {notice}
        </p>
      ) : null}
      <div className="mb-8 max-w-2xl">
        <PlaceSearch defaultValue={query} />
        <LocateButton />
      </div>
      <Step step={data.step} />
    </>
  );
}

export const finderMeta: PageMeta<FinderData> = (data, context) =>
  pageMeta(context, {
    title: data.step.kind === 'matches' ? `${context.t('my-ballot:finder.title')}: ${data.step.query}` : context.t('my-ballot:finder.title'),
    description: context.t('my-ballot:finder.metaDescription'),
    noindex: data.step.kind === 'matches' || data.located !== null,
  });
