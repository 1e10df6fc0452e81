import { barPaint } from '../../lib/charts/bar-paint';
import { BAR_CHART, barRows, type BarInput } from '../../lib/charts/bar-layout';
import { cn } from '../../lib/cn';

export interface Bar extends BarInput {
  /** A party colour (#hex); none draws the neutral bar. */
  colour?: string | null;
}

/** Literal classes (Tailwind finds them in the source): an outline in each mode where the colour alone would not stand out. */
const OUTLINE = {
  both: 'stroke-slate-900 dark:stroke-slate-100',
  light: 'stroke-slate-900 dark:stroke-none',
  dark: 'stroke-none dark:stroke-slate-100',
  none: 'stroke-none',
} as const;

/**
 * Horizontal bars, each under a line with its label and value: the label names the bar, so its
 * colour is never the only cue. Bars are scaled to `max` (default: the largest value).
 */
export function BarChart({ bars, max, testId }: { bars: readonly Bar[]; max?: number; testId?: string }) {
  const { rows, height } = barRows(bars, max);
  return (
    <svg width="100%" height={height} className="block overflow-visible text-[13px]" focusable="false" data-testid={testId}>
      {rows.map((row, index) => {
        const paint = barPaint(bars[index]?.colour);
        const outline = paint.outlineLight && paint.outlineDark ? 'both' : paint.outlineLight ? 'light' : paint.outlineDark ? 'dark' : 'none';
        return (
          <g key={row.key} data-bar={row.key}>
            <text x="0" y={row.textY} className="fill-slate-800 dark:fill-slate-200">
              {row.shownLabel}
            </text>
            <text x="100%" y={row.textY} textAnchor="end" className="fill-slate-900 font-semibold tabular-nums dark:fill-slate-100">
              {row.valueText}
            </text>
            <rect x="0" y={row.barY} width="100%" height={BAR_CHART.barHeight} rx="2" className="fill-slate-100 dark:fill-slate-800" />
            {row.widthPercent > 0 ? (
              <rect
                x="0"
                y={row.barY}
                width={`${row.widthPercent.toFixed(2)}%`}
                height={BAR_CHART.barHeight}
                rx="2"
                data-testid="chart-bar"
                data-width={row.widthPercent.toFixed(2)}
                className={cn(paint.fill ? OUTLINE[outline] : 'fill-slate-500 dark:fill-slate-400', 'print:[print-color-adjust:exact]')}
                style={paint.fill ? { fill: paint.fill } : undefined}
              />
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
