import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/bar-chart';
import { ChartFigure } from '../../components/charts/chart-figure';
import { TextEquivalent } from '../../components/charts/text-equivalent';
import { useChartFormat } from '../../components/charts/use-chart-format';
import { Section } from '../../components/ui/section';
import { useRouteMessages } from '../../lib/route-messages';
import type { PartyRegionsGlance } from './at-a-glance.server';

/** The party's candidates per region (and nationwide), in the party's colour. */
export function PartyAtAGlance({ glance, colour }: { glance: PartyRegionsGlance; colour: string | null }) {
  // The strings arrive with the page's data; the figure translates with them once they are added.
  useRouteMessages(glance.messages);
  return <RegionsFigure glance={glance} colour={colour} />;
}

function RegionsFigure({ glance, colour }: { glance: PartyRegionsGlance; colour: string | null }) {
  const { t } = useTranslation('charts');
  const format = useChartFormat();
  const rows = [...glance.regions, ...(glance.national > 0 ? [{ name: t('region.national'), count: glance.national }] : [])];
  return (
    <Section title={t('heading')} id="at-a-glance">
      <div className="max-w-xl">
        <ChartFigure
          caption={t('region.caption', { election: glance.election.name })}
          testId="figure-regions"
          equivalent={<TextEquivalent columns={[t('region.column'), t('region.count')]} rows={rows.map((row) => [row.name, format.count(row.count)])} />}
        >
          <BarChart bars={rows.map((row) => ({ key: row.name, label: row.name, value: row.count, valueText: format.count(row.count), colour }))} />
        </ChartFigure>
      </div>
    </Section>
  );
}
