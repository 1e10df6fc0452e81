import { useTranslation } from 'react-i18next';
import { shareOf } from '../../lib/results/race';
import type { GenderCount, GenderKey } from '../../lib/charts/glance-types';
import { ChartFigure } from './chart-figure';
import { ShareBar, type SharePaint } from './share-bar';
import { TextEquivalent } from './text-equivalent';
import { useChartFormat } from './use-chart-format';

const PAINT: Record<GenderKey, SharePaint> = {
  female: { className: 'fill-green-700 dark:fill-green-500', pattern: 'solid' },
  male: { className: 'fill-slate-600 dark:fill-slate-400', pattern: 'stripes' },
  other: { className: 'fill-amber-700 dark:fill-amber-500', pattern: 'dots' },
  unstated: { className: 'fill-slate-500 dark:fill-slate-500', pattern: 'cross' },
};

/** The candidates' gender balance: one bar in parts, each part with its own colour and pattern. */
export function GenderFigure({ byGender }: { byGender: readonly GenderCount[] }) {
  const { t } = useTranslation('charts');
  const format = useChartFormat();
  const total = byGender.reduce((sum, entry) => sum + entry.count, 0);
  const share = (count: number) => format.percent(shareOf(count, total));
  return (
    <ChartFigure
      caption={t('gender.caption')}
      testId="figure-gender"
      equivalent={
        <TextEquivalent
          columns={[t('gender.column'), t('gender.count'), t('gender.share')]}
          rows={byGender.map((entry) => [t(`gender.${entry.gender}`), format.number(entry.count), share(entry.count)])}
        />
      }
    >
      <ShareBar
        parts={byGender.map((entry) => ({
          key: entry.gender,
          label: t(`gender.${entry.gender}`),
          value: entry.count,
          valueText: `${format.number(entry.count)} · ${share(entry.count)}`,
          paint: PAINT[entry.gender],
        }))}
      />
    </ChartFigure>
  );
}
