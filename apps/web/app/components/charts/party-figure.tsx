import { useTranslation } from 'react-i18next';
import type { PartyCount } from '../../lib/charts/glance-types';
import { BarChart } from './bar-chart';
import { ChartFigure } from './chart-figure';
import { TextEquivalent } from './text-equivalent';
import { useChartFormat } from './use-chart-format';

/** Candidates per party, in the parties' colours, each bar named by the party's abbreviation and name. */
export function PartyFigure({ byParty }: { byParty: readonly PartyCount[] }) {
  const { t } = useTranslation('charts');
  const format = useChartFormat();
  const name = (entry: PartyCount) => entry.party?.name ?? t('party.independent');
  const bars = byParty.map((entry) => ({
    key: entry.party?.id ?? 'independent',
    label: entry.party && entry.party.abbreviation !== entry.party.name ? `${entry.party.abbreviation} · ${entry.party.name}` : name(entry),
    value: entry.count,
    valueText: format.number(entry.count),
    colour: entry.party?.colour ?? null,
  }));
  return (
    <ChartFigure
      caption={t('party.caption')}
      testId="figure-parties"
      equivalent={<TextEquivalent columns={[t('party.column'), t('party.count')]} rows={byParty.map((entry) => [name(entry), format.number(entry.count)])} />}
    >
      <BarChart bars={bars} />
    </ChartFigure>
  );
}
