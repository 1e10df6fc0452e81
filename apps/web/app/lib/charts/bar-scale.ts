/** Geometry shared by the charts: pure, so a test can check what the SVG will draw. */

/**
 * Each value as a share (0–100) of `max` — by default the largest value, so the longest bar
 * fills the track. Negative or missing values draw nothing; a zero max draws nothing at all.
 */
export function barPercents(values: readonly number[], max = Math.max(0, ...values)): number[] {
  if (!(max > 0)) return values.map(() => 0);
  return values.map((value) => (value > 0 ? Math.min(100, (value / max) * 100) : 0));
}

/**
 * Consecutive segments of one 100 % bar, each [start, width] in percent; the last segment ends at
 * exactly 100 so rounding never leaves a gap.
 */
export function stackedSegments(values: readonly number[]): [start: number, width: number][] {
  const total = values.reduce((sum, value) => sum + Math.max(0, value), 0);
  if (total === 0) return values.map(() => [0, 0]);
  let start = 0;
  return values.map((value) => {
    const width = (Math.max(0, value) / total) * 100;
    const segment: [number, number] = [start, width];
    start += width;
    return segment;
  });
}

/** SVG text does not wrap: a label longer than `max` characters ends in "…" (the table beside has it whole). */
export function fitLabel(label: string, max: number): string {
  const characters = [...label];
  if (characters.length <= max) return label;
  return `${characters.slice(0, Math.max(1, max - 1)).join('').trimEnd()}…`;
}

/**
 * Characters a chart line holds at its narrowest (a 320 px phone leaves about 250 px for the
 * figure; 13 px text averages about 7 px a character), less the value printed at its end.
 */
export const LINE_CHARACTERS = 34;

export function labelRoom(valueTexts: readonly string[]): number {
  const longest = Math.max(0, ...valueTexts.map((text) => [...text].length));
  return Math.max(8, LINE_CHARACTERS - longest - 2);
}
