/** The share of registered voters who voted, as one bar on a track; the sentence beside it carries the numbers. */
export function TurnoutMeter({ percent, percentText }: { percent: number; percentText: string }) {
  const width = Math.min(100, Math.max(0, percent));
  return (
    <svg width="100%" height="52" className="block" focusable="false" data-testid="turnout-meter">
      <text x="0" y="24" className="fill-slate-900 text-2xl font-bold tabular-nums dark:fill-slate-100">
        {percentText}
      </text>
      <rect x="0" y="34" width="100%" height="16" rx="3" className="fill-slate-100 stroke-slate-400 dark:fill-slate-800 dark:stroke-slate-500" />
      <rect x="0" y="34" width={`${width.toFixed(2)}%`} height="16" rx="3" className="fill-green-700 dark:fill-green-500 print:[print-color-adjust:exact]" data-testid="turnout-bar" data-width={width.toFixed(2)} />
    </svg>
  );
}
