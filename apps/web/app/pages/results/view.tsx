import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalTime } from '../../components/account/local-time';
import { useCandidateFormat } from '../../components/candidates/use-candidate-format';
import { Fact, FactList } from '../../components/ui/fact-list';
import { PageHeader } from '../../components/ui/page-header';
import { countProgress, lastUpdated, leaderOf, standings, turnoutOf, votesCast } from '../../lib/results/race';
import { pageMeta } from '../../lib/seo';
import type { PageMeta } from '../page-module';
import type { ResultsData } from './loader.server';
import { ResultsBars } from './results-bars';
import { useLiveRace, type RaceKey } from './use-live-race';

const PLACE_FIELD = { region: 'regionId', district: 'districtId', electoral_area: 'electoralAreaId' } as const;

function raceKey(data: ResultsData): RaceKey {
  const level = data.place.level;
  return { electionId: data.election.id, officeId: data.office.id, place: level === 'national' ? null : { field: PLACE_FIELD[level], id: data.place.id ?? '' } };
}

/** The leader in words for the live region, once the leader has changed under the visitor's eyes. */
function useLeaderAnnouncement(leader: { id: string; name: string } | null, updates: number): string {
  const { t } = useTranslation('results');
  const previous = useRef(leader?.id ?? null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    const now = leader?.id ?? null;
    if (now === previous.current) return;
    previous.current = now;
    if (updates > 0) setMessage(leader ? t('newLeader', { name: leader.name }) : t('noLeader'));
  }, [leader, updates, t]);
  return message;
}

export function View({ data }: { data: ResultsData }) {
  const { t } = useTranslation('results');
  const format = useCandidateFormat();
  const race = useMemo(() => raceKey(data), [data]);
  const { candidates, updates } = useLiveRace(data.candidates, race);
  const ranked = useMemo(() => standings(candidates, data.office.seats), [candidates, data.office.seats]);
  const cast = votesCast(candidates);
  const turnout = turnoutOf(cast, data.registeredVoters);
  const progress = countProgress(candidates);
  const updatedAt = lastUpdated(candidates);
  const announcement = useLeaderAnnouncement(leaderOf(ranked), updates);
  const place = data.place.name ?? t('nationwide');
  const concluded = data.election.status === 'concluded';

  return (
    <>
      <PageHeader
        title={t('title', { office: data.office.name, place })}
        crumbs={[{ label: data.election.name }, { label: data.office.name }, { label: place }]}
        description={<p>{t('intro', { election: data.election.name, office: data.office.name, where: data.place.name ? t('inPlace', { place }) : t('acrossCountry'), count: data.office.seats })}</p>}
      />
      <p role="status" aria-live="polite" className="sr-only" data-testid="leader-announcement">
        {announcement}
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <ResultsBars ranked={ranked} concluded={concluded} caption={t('caption', { office: data.office.name, place })} />
        <aside aria-label={t('summary')} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 print:border-slate-400 print:shadow-none">
          <FactList>
            <Fact term={t('state')}>{concluded ? t('final') : t('provisional')}</Fact>
            <Fact term={t('votesCast')}>
              <span data-testid="votes-cast">{format.number(cast)}</span>
            </Fact>
            <Fact term={t('turnout')}>
              {turnout.percent !== null && turnout.registered !== null ? (
                <span data-testid="turnout">{t('turnoutOf', { percent: format.percent(turnout.percent), registered: format.number(turnout.registered) })}</span>
              ) : turnout.areas > 0 ? (
                t('turnoutUnknown', { known: turnout.areasWithFigure, count: turnout.areas })
              ) : (
                t('turnoutNoAreas')
              )}
            </Fact>
            <Fact term={t('counted')}>
              <span data-testid="counted">{progress.counted === progress.candidates ? t('countedAll', { count: progress.candidates }) : t('countedSome', { counted: progress.counted, count: progress.candidates })}</span>
            </Fact>
            <Fact term={t('lastUpdated')}>{updatedAt ? <LocalTime value={updatedAt} /> : t('never')}</Fact>
          </FactList>
        </aside>
      </div>
    </>
  );
}

export const meta: PageMeta<ResultsData> = (data, context) => {
  const place = data.place.name ?? context.t('results:nationwide');
  return pageMeta(context, {
    title: context.t('results:metaTitle', { office: data.office.name, place, election: data.election.name }),
    description: context.t('results:metaDescription', { office: data.office.name, place, election: data.election.name }),
  });
};
