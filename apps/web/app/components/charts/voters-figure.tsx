import { useTranslation } from 'react-i18next';
import type { VoterFigures } from '../../lib/charts/glance-types';
import { useChartFormat } from './use-chart-format';

/** Registered voters and polling stations: figures, not a drawing — two numbers read best as numbers. */
export function VotersFigure({ voters }: { voters: VoterFigures }) {
  const { t } = useTranslation('charts');
  const format = useChartFormat();
  const value = (figure: number | null) => (figure === null ? '—' : format.number(figure));
  const perStation = voters.registered !== null && voters.pollingStations ? Math.round(voters.registered / voters.pollingStations) : null;
  const stats = [
    { label: t('voters.registered'), value: value(voters.registered) },
    { label: t('voters.pollingStations'), value: value(voters.pollingStations) },
    { label: t('voters.perStation'), value: value(perStation) },
  ];
  return (
    <figure className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900" data-testid="figure-voters">
      <figcaption className="mb-3 font-semibold text-slate-900 dark:text-slate-100">{t('voters.caption')}</figcaption>
      <dl className="grid gap-3">
        {stats.map((stat) => (
          <div key={stat.label} className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{stat.label}</dt>
            <dd className="text-2xl font-bold tabular-nums text-slate-900 dark:text-slate-100">{stat.value}</dd>
          </div>
        ))}
      </dl>
      {voters.areasReporting < voters.areas ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('voters.partial', { reporting: format.number(voters.areasReporting), areas: format.number(voters.areas) })}</p>
      ) : null}
    </figure>
  );
}
