import type { ReactNode } from 'react';

/** A definition list of label/value rows: labels beside values from `sm` up, stacked below. */
export function FactList({ children }: { children: ReactNode }) {
  return <dl className="divide-y divide-slate-200 dark:divide-slate-800">{children}</dl>;
}

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="break-words sm:col-span-2">{children}</dd>
    </div>
  );
}
