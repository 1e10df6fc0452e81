import type { ReactNode } from 'react';

/** The sign-in, sign-up, recovery and verification pages: one narrow column under the site header. */
export function AuthPage({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md py-2 sm:py-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {intro ? <div className="mt-2 text-slate-700 dark:text-slate-300">{intro}</div> : null}
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">{children}</div>
      {footer ? <div className="mt-6 space-y-2 text-center text-sm text-slate-700 dark:text-slate-300">{footer}</div> : null}
    </div>
  );
}

/** A thin rule with a word in the middle ("or"). */
export function Divider({ label }: { label: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400" role="separator">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      {label}
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
    </div>
  );
}
