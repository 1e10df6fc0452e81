import type { ReactNode } from 'react';

/**
 * One figure of a page: a visible caption, the drawing (hidden from assistive technology, which
 * reads `equivalent` instead: the same numbers as a table or a sentence) and an optional legend
 * of the drawing's marks (hidden with it: the equivalent says the same in words).
 */
export function ChartFigure({ caption, children, equivalent, legend, testId }: { caption: string; children: ReactNode; equivalent: ReactNode; legend?: string; testId?: string }) {
  return (
    <figure className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 print:break-inside-avoid" data-testid={testId}>
      <figcaption className="mb-3 font-semibold text-slate-900 dark:text-slate-100">{caption}</figcaption>
      <div aria-hidden="true">{children}</div>
      {equivalent}
      {legend ? (
        <p aria-hidden="true" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {legend}
        </p>
      ) : null}
    </figure>
  );
}
