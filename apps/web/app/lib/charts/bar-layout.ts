import { barPercents, fitLabel, labelRoom } from './bar-scale';

/** One bar as given: its label, its value, and the value as printed at the end of its label line. */
export interface BarInput {
  key: string;
  label: string;
  value: number;
  valueText: string;
}

/** One bar as drawn: a label line (label left, value right), then the bar on its track. */
export interface BarRow extends BarInput {
  /** Baseline of the label line, px from the top. */
  textY: number;
  barY: number;
  /** Bar length in percent of the chart's width. */
  widthPercent: number;
  shownLabel: string;
}

export const BAR_CHART = { textBaseline: 13, barOffset: 19, barHeight: 12, rowHeight: 41 } as const;

/**
 * Rows of a horizontal bar chart. The horizontal axis is in percent of the chart's width and the
 * vertical one in pixels, so the chart fills any width while its text keeps its size (see
 * docs/decisions/037-at-a-glance-charts.md).
 */
export function barRows(bars: readonly BarInput[], max?: number): { rows: BarRow[]; height: number } {
  const percents = barPercents(bars.map((bar) => bar.value), max);
  const room = labelRoom(bars.map((bar) => bar.valueText));
  const rows = bars.map((bar, index) => {
    const top = index * BAR_CHART.rowHeight;
    return { ...bar, textY: top + BAR_CHART.textBaseline, barY: top + BAR_CHART.barOffset, widthPercent: percents[index] ?? 0, shownLabel: fitLabel(bar.label, room) };
  });
  return { rows, height: Math.max(0, bars.length * BAR_CHART.rowHeight - (BAR_CHART.rowHeight - BAR_CHART.barOffset - BAR_CHART.barHeight)) };
}
