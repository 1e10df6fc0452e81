import { useId } from 'react';
import { stackedSegments } from '../../lib/charts/bar-scale';

/** How one part of the whole is painted: a colour per mode (3:1 against that mode's background) and a pattern, so colour is never the only cue. */
export interface SharePaint {
  className: string;
  pattern: 'solid' | 'stripes' | 'dots' | 'cross';
}

export interface SharePart {
  key: string;
  label: string;
  value: number;
  valueText: string;
  paint: SharePaint;
}

const BAR_HEIGHT = 20;
const LEGEND_TOP = BAR_HEIGHT + 14;
const LEGEND_ROW = 22;
const SWATCH = 14;

/** Marks drawn over a part's colour; white at 60 %, visible on every part colour in both modes. */
function PatternMarks({ pattern }: { pattern: SharePaint['pattern'] }) {
  if (pattern === 'stripes') return <path d="M0 0V6" strokeWidth="2.5" className="stroke-white/60" />;
  if (pattern === 'dots') return <circle cx="3" cy="3" r="1.4" className="fill-white/60" />;
  if (pattern === 'cross') return <path d="M0 0V6M0 0H6" strokeWidth="1.5" className="stroke-white/60" />;
  return null;
}

/** One bar split into the parts of a whole (e.g. candidates by gender), with a legend line per part. */
export function ShareBar({ parts, testId }: { parts: readonly SharePart[]; testId?: string }) {
  const prefix = `share-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const segments = stackedSegments(parts.map((part) => part.value));
  const fill = (index: number) => `url(#${prefix}-${index})`;
  return (
    <svg width="100%" height={LEGEND_TOP + parts.length * LEGEND_ROW} className="block text-[13px]" focusable="false" data-testid={testId}>
      <defs>
        {parts.map((part, index) => (
          <pattern key={part.key} id={`${prefix}-${index}`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" className={part.paint.className} />
            <PatternMarks pattern={part.paint.pattern} />
          </pattern>
        ))}
      </defs>
      <rect x="0" y="0" width="100%" height={BAR_HEIGHT} rx="3" className="fill-slate-100 dark:fill-slate-800" />
      {parts.map((part, index) => {
        const [start, width] = segments[index] ?? [0, 0];
        return width > 0 ? (
          <rect
            key={part.key}
            x={`${start.toFixed(2)}%`}
            y="0"
            width={`${width.toFixed(2)}%`}
            height={BAR_HEIGHT}
            fill={fill(index)}
            // A hairline in the background's colour keeps neighbouring parts apart.
            className="stroke-white stroke-2 dark:stroke-slate-900 print:[print-color-adjust:exact]"
            data-testid="share-segment"
            data-width={width.toFixed(2)}
          />
        ) : null;
      })}
      {parts.map((part, index) => {
        const top = LEGEND_TOP + index * LEGEND_ROW;
        return (
          <g key={part.key}>
            <rect x="0" y={top} width={SWATCH} height={SWATCH} rx="2" fill={fill(index)} />
            <text x={SWATCH + 8} y={top + 12} className="fill-slate-800 dark:fill-slate-200">
              {part.label}
            </text>
            <text x="100%" y={top + 12} textAnchor="end" className="fill-slate-900 font-semibold tabular-nums dark:fill-slate-100">
              {part.valueText}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
