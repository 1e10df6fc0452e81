import { useTranslation } from 'react-i18next';
import type { BallotGlance } from '../../lib/charts/glance-types';
import { useRouteMessages } from '../../lib/route-messages';
import { Section } from '../ui/section';
import { GenderFigure } from './gender-figure';
import { PartyFigure } from './party-figure';
import { ResultFigure, TurnoutFigure } from './race-figures';
import { VotersFigure } from './voters-figure';

/** A place's figures as small charts: its result and turnout once votes are in, its candidates by party and gender, its voters. */
export function AtAGlance({ glance }: { glance: BallotGlance }) {
  // The strings arrive with the page's data; children translate with them once they are added.
  useRouteMessages(glance.messages);
  return <GlanceSection glance={glance} />;
}

function GlanceSection({ glance }: { glance: BallotGlance }) {
  const { t } = useTranslation('charts');
  const { candidates, voters, race, election } = glance;
  const hasCandidates = candidates !== null && candidates.total > 0;
  if (!hasCandidates && !voters && !race) return null;
  return (
    <Section title={t('heading')} id="at-a-glance">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{election ? t('intro', { election: election.name }) : t('noElection')}</p>
      {election && candidates === null ? <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{t('tooMany')}</p> : null}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {race ? <ResultFigure race={race} /> : null}
        {race ? <TurnoutFigure race={race} /> : null}
        {hasCandidates ? <PartyFigure byParty={candidates.byParty} /> : null}
        {hasCandidates ? <GenderFigure byGender={candidates.byGender} /> : null}
        {voters ? <VotersFigure voters={voters} /> : null}
      </div>
    </Section>
  );
}
