import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData } from 'react-router';
import { Notice, ProblemAlert } from '../../components/account/alerts';
import { cn } from '../../lib/cn';
import type { ProfileIntent, ProfileResult } from './types';

/** One card of the profile page, reachable from the page's table of contents by its id. */
export function ProfileSection({ id, title, description, children, tone = 'normal' }: { id: string; title: string; description?: ReactNode; children: ReactNode; tone?: 'normal' | 'danger' }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn(
        'scroll-mt-4 rounded-lg border bg-white p-4 shadow-sm sm:p-6 dark:bg-slate-900',
        tone === 'danger' ? 'border-red-300 dark:border-red-900' : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-slate-700 dark:text-slate-300">{description}</div> : null}
      <div className="mt-4 space-y-6">{children}</div>
    </section>
  );
}

/** A titled part of a section (one form, usually). */
export function Part({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        {aside}
      </div>
      {children}
    </div>
  );
}

/** The page's last answer, when it was for one of `intents`. */
export function useResultFor(...intents: ProfileIntent[]): ProfileResult | undefined {
  const result = useActionData() as ProfileResult | undefined;
  if (!result || typeof result !== 'object' || !('intent' in result)) return undefined;
  return intents.includes(result.intent) || (result.then !== undefined && intents.includes(result.then)) ? result : undefined;
}

/** "Saved" or the problem, for the answer to one of these forms. Problems tied to a field are shown there instead. */
export function FormStatus({ result }: { result: ProfileResult | undefined }) {
  const { t } = useTranslation('profile');
  if (!result) return null;
  if (result.problem && !result.field && !result.then) return <ProblemAlert problem={result.problem} />;
  if (result.ok) return <Notice>{t(`saved.${result.intent}`, { ended: result.ended ?? 0 })}</Notice>;
  return null;
}

/** A small coloured label ("Verified", "On"…). */
export function Badge({ tone, children }: { tone: 'good' | 'warn' | 'neutral'; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        tone === 'good' && 'bg-green-100 text-green-900 dark:bg-green-900/60 dark:text-green-100',
        tone === 'warn' && 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
        tone === 'neutral' && 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
      )}
    >
      {children}
    </span>
  );
}
