import { describe, expect, it } from 'vitest';
import { barPaint } from './bar-paint';
import { barPercents, fitLabel, labelRoom, LINE_CHARACTERS, stackedSegments } from './bar-scale';
import { BAR_CHART, barRows } from './bar-layout';

describe('bar geometry', () => {
  it('draws bars in proportion to their values, the largest across the whole track', () => {
    expect(barPercents([8, 4, 2, 0])).toEqual([100, 50, 25, 0]);
    const [half, sixth] = barPercents([30, 10], 60);
    expect(half).toBe(50);
    expect(sixth).toBeCloseTo(100 / 6, 10);
    expect(barPercents([0, 0])).toEqual([0, 0]);
    expect(barPercents([])).toEqual([]);
  });

  it('keeps every bar proportional whatever the values', () => {
    const values = [1234, 17, 999, 3, 50_000];
    const percents = barPercents(values);
    values.forEach((value, index) => expect(percents[index]! / 100).toBeCloseTo(value / 50_000, 10));
  });

  it('stacks parts of a whole end to end, filling exactly 100 %', () => {
    const segments = stackedSegments([1, 2, 1]);
    expect(segments).toEqual([[0, 25], [25, 50], [75, 25]]);
    const [start, width] = stackedSegments([1, 1, 1]).at(-1)!;
    expect(start + width).toBeCloseTo(100, 10);
    expect(stackedSegments([0, 0])).toEqual([[0, 0], [0, 0]]);
  });

  it('lays rows out one under another, each bar under its label line', () => {
    const { rows, height } = barRows([
      { key: 'a', label: 'PPP', value: 6, valueText: '6' },
      { key: 'b', label: 'MDU', value: 3, valueText: '3' },
    ]);
    expect(rows.map((row) => [row.textY, row.barY, row.widthPercent])).toEqual([
      [BAR_CHART.textBaseline, BAR_CHART.barOffset, 100],
      [BAR_CHART.rowHeight + BAR_CHART.textBaseline, BAR_CHART.rowHeight + BAR_CHART.barOffset, 50],
    ]);
    expect(height).toBe(BAR_CHART.rowHeight + BAR_CHART.barOffset + BAR_CHART.barHeight);
    expect(barRows([]).height).toBe(0);
  });

  it('shortens labels that would run into the value at a phone\'s width, keeping short ones whole', () => {
    expect(fitLabel('PPP', 10)).toBe('PPP');
    expect(fitLabel('Mouvement Démocratique Uni', 12)).toBe('Mouvement D…');
    expect([...fitLabel('Ŋaro Workers’ Union Ŋaro Workers’ Union', 10)]).toHaveLength(10);
    expect(labelRoom(['12,345 · 45.2%'])).toBe(LINE_CHARACTERS - 16);
    const { rows } = barRows([{ key: 'long', label: 'A'.repeat(80), value: 1, valueText: '1' }]);
    expect([...rows[0]!.shownLabel].length).toBeLessThanOrEqual(LINE_CHARACTERS);
  });
});

describe('barPaint', () => {
  it('outlines a party colour only in the mode where it lacks 3:1 against the background', () => {
    expect(barPaint('#1b7f3b')).toEqual({ fill: '#1b7f3b', outlineLight: false, outlineDark: false });
    expect(barPaint('#f1c40f')).toEqual({ fill: '#f1c40f', outlineLight: true, outlineDark: false });
    expect(barPaint('#34495e')).toEqual({ fill: '#34495e', outlineLight: false, outlineDark: true });
    expect(barPaint('not a colour')).toEqual({ fill: null, outlineLight: false, outlineDark: false });
  });
});
