import { useTranslation } from 'react-i18next';
import type { RaceFigures } from '../../lib/charts/glance-types';
import { BarChart } from './bar-chart';
import { ChartFigure } from './chart-figure';
import { TextEquivalent } from './text-equivalent';
import { TurnoutMeter } from './turnout-meter';
import { useChartFormat } from './use-chart-format';

/** Turnout of the main race: the bar is hidden from screen readers; the sentence under it says it all. */
export function TurnoutFigure({ race }: { race: RaceFigures }) {
  const { t } = useTranslation('charts');
  const format = useChartFormat();
  const { turnout } = race;
  const ballots = format.number(turnout.cast);
  return (
    <figure className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900" data-testid="figure-turnout">
      <figcaption className="mb-3 font-semibold text-slate-900 dark:text-slate-100">{t('turnout.caption', { office: race.office, place: race.place })}</figcaption>
      {turnout.percent !== null && turnout.registered !== null ? (
        <>
          <div aria-hidden="true">
            <TurnoutMeter percent={turnout.percent} percentText={format.percent(turnout.percent)} />
          </div>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {t('turnout.summary', { ballots, registered: format.number(turnout.registered), percent: format.percent(turnout.percent) })}
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('turnout.unknown', { ballots })}</p>
      )}
      {race.seats > 1 ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('turnout.seats', { seats: format.number(race.seats) })}</p> : null}
    </figure>
  );
}

/** Votes per candidate of the main race, most first, in party colours; the winner (or leader) is named in words. */
export function ResultFigure({ race }: { race: RaceFigures }) {
  const { t } = useTranslation('charts');
  const format = useChartFormat();
  const mark = race.concluded ? t('result.elected') : t('result.leading');
  const name = (standing: RaceFigures['standings'][number]) => (standing.winner ? `${standing.name} (${mark})` : standing.name);
  // On the chart a tick marks the winner, ahead of the name so a long name cannot cut it off; the note says what it means.
  const chartName = (standing: RaceFigures['standings'][number]) => (standing.winner ? `✓ ${standing.name}` : standing.name);
  const figures = (standing: RaceFigures['standings'][number]) =>
    standing.votes === null ? t('result.notCounted') : `${format.number(standing.votes)} · ${format.percent(standing.percent ?? 0)}`;
  const bars = race.standings.map((standing) => ({
    key: standing.id,
    label: standing.party ? `${chartName(standing)}, ${standing.party.abbreviation}` : chartName(standing),
    value: standing.votes ?? 0,
    valueText: figures(standing),
    colour: standing.party?.colour ?? null,
  }));
  return (
    <ChartFigure
      caption={t(race.concluded ? 'result.caption' : 'result.captionLive', { office: race.office, place: race.place })}
      testId="figure-result"
      legend={race.standings.some((standing) => standing.winner) ? t(race.concluded ? 'result.markElected' : 'result.markLeading') : undefined}
      equivalent={
        <TextEquivalent
          columns={[t('result.candidate'), t('result.party'), t('result.votes'), t('result.share')]}
          rows={race.standings.map((standing) => [
            name(standing),
            standing.party?.name ?? t('party.independent'),
            standing.votes === null ? t('result.notCounted') : format.number(standing.votes),
            standing.percent === null ? '—' : format.percent(standing.percent),
          ])}
        />
      }
    >
      <BarChart bars={bars} />
    </ChartFigure>
  );
}
