import { Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCandidateListText } from '../../components/candidates/use-candidate-list-text';
import { useMediaProject } from '../../components/media/use-media-project';
import { PageHeader } from '../../components/ui/page-header';
import { dateTimeFormat } from '../../lib/intl';
import { pageMeta } from '../../lib/seo';
import { buildPath } from '../../lib/urls';
import { Countdown } from '../home/countdown';
import type { PageMeta } from '../page-module';
import { BallotEvents } from './ballot-events';
import type { BallotData } from './ballot.server';
import { ChangePlaceForm } from './change-place-form';
import { ballotPath, MY_BALLOT_PATH } from './paths';
import { ballotText, printBallotPath } from './print-text';
import { RaceSection } from './race-section';
import type { Race } from './races';

const actionLink = 'inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-green-800 hover:border-green-600 dark:border-slate-600 dark:text-green-400';

export function BallotView({ data }: { data: BallotData }) {
  const { t, i18n } = useTranslation(['my-ballot', 'home', 'candidates']);
  const text = useCandidateListText();
  const projectId = useMediaProject();
  const { area, district, region, election, races } = data;
  const whereOf = (race: Race): string =>
    race.office.level === 'national' ? t('ballot.national') : race.office.level === 'region' ? (region?.name ?? '') : race.office.level === 'district' ? (district?.name ?? '') : area.name;
  const pollingDay = election ? dateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(election.date)) : '';
  const printTitle = t('ballot.printTitle', { place: area.name, election: election?.name ?? '' });
  const printIntro = t('ballot.printIntro', { place: area.name, district: district?.name ?? '', region: region?.name ?? '', date: pollingDay });
  const otherElections = data.elections.filter((each) => each.slug !== election?.slug);

  return (
    <>
      <PageHeader
        title={t('ballot.title', { place: area.name })}
        crumbs={[{ label: t('finder.title'), to: MY_BALLOT_PATH }, { label: area.name }]}
        description={
          <p>
            {[area.name, district?.name, region?.name].filter(Boolean).join(', ')}
          </p>
        }
      />
      <div className="mb-8 flex flex-wrap items-center gap-2 print:hidden">
        {election && races.length > 0 ? (
          <Link to={printBallotPath(printTitle, ballotText({ title: printTitle, intro: printIntro, races, whereOf, independent: text.independent() }))} className={actionLink}>
            <Printer aria-hidden="true" className="size-4" />
            {t('ballot.print')}
          </Link>
        ) : null}
        {region ? (
          <Link to={buildPath('candidatesOfArea', { area: area.slug, region: region.slug })} className={actionLink}>
            {t('ballot.areaPage', { place: area.name })}
          </Link>
        ) : null}
        <ChangePlaceForm />
      </div>

      {election ? (
        <section aria-labelledby="ballot-election" className="mb-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h2 id="ballot-election" className="text-xl font-bold">
            {election.name}
          </h2>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{t('home:election.pollingDay', { date: pollingDay })}</p>
          {election.status === 'upcoming' ? (
            <div className="print:hidden">
              <Countdown target={Date.parse(election.date)} serverNow={data.now} />
            </div>
          ) : null}
        </section>
      ) : (
        <p className="mb-8 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">{t('ballot.noElection')}</p>
      )}

      {election ? (
        <section aria-labelledby="ballot-races" className="mb-10">
          <h2 id="ballot-races" className="text-xl font-semibold">
            {t('ballot.racesHeading')}
          </h2>
          {races.length === 0 ? (
            <p className="mt-3 text-slate-700 dark:text-slate-300">{t('ballot.noRaces')}</p>
          ) : (
            <>
              <p className="mb-4 mt-1 text-sm text-slate-600 dark:text-slate-400">{t('ballot.racesIntro', { count: races.length })}</p>
              <div className="space-y-8">
                {races.map((race) => (
                  <RaceSection key={race.office.slug} race={race} where={whereOf(race)} projectId={projectId} text={text} />
                ))}
              </div>
            </>
          )}
        </section>
      ) : null}

      <div className="mb-10">
        <BallotEvents events={data.events} />
      </div>

      {otherElections.length > 0 ? (
        <nav aria-labelledby="ballot-elections" className="print:hidden">
          <h2 id="ballot-elections" className="mb-2 text-lg font-semibold">
            {t('ballot.otherElections')}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {otherElections.map((each) => (
              <li key={each.slug}>
                <Link to={ballotPath(area.slug, each.slug)} className={actionLink}>
                  {each.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}

export const ballotMeta: PageMeta<BallotData> = (data, context) =>
  pageMeta(context, {
    title: context.t('my-ballot:ballot.metaTitle', { place: data.area.name, election: data.election?.name ?? '' }),
    description: context.t('my-ballot:ballot.metaDescription', { place: data.area.name, election: data.election?.name ?? '' }),
  });
