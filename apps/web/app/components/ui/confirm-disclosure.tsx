import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A step before something that cannot be undone (delete, remove, leave): the summary opens the
 * question and the form that does it. A disclosure, so it works without JavaScript.
 */
export function ConfirmDisclosure({ label, question, children, className, open }: { label: ReactNode; question: ReactNode; children: ReactNode; className?: string; open?: boolean }) {
  return (
    <details className={cn('group', className)} open={open}>
      <summary className="inline-flex cursor-pointer list-none items-center rounded-md border border-red-700 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 dark:border-red-400 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950/40 [&::-webkit-details-marker]:hidden">
        {label}
      </summary>
      <div className="mt-2 space-y-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100">
        <div>{question}</div>
        {children}
      </div>
    </details>
  );
}
