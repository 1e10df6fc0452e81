import { useTranslation } from 'react-i18next';
import type { EventKind } from '../../lib/directory/types';
import { cn } from '../../lib/cn';

/** One colour family per kind; the label always says the kind too, colour is never the only cue. */
export const KIND_STYLES: Record<EventKind, { badge: string; accent: string }> = {
  registration: { badge: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100', accent: 'border-l-sky-600 dark:border-l-sky-400' },
  nomination: { badge: 'bg-violet-100 text-violet-900 dark:bg-violet-900/50 dark:text-violet-100', accent: 'border-l-violet-600 dark:border-l-violet-400' },
  campaign: { badge: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100', accent: 'border-l-amber-600 dark:border-l-amber-400' },
  debate: { badge: 'bg-rose-100 text-rose-900 dark:bg-rose-900/50 dark:text-rose-100', accent: 'border-l-rose-600 dark:border-l-rose-400' },
  polling: { badge: 'bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100', accent: 'border-l-green-600 dark:border-l-green-400' },
  results: { badge: 'bg-teal-100 text-teal-900 dark:bg-teal-900/50 dark:text-teal-100', accent: 'border-l-teal-600 dark:border-l-teal-400' },
  other: { badge: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100', accent: 'border-l-slate-500 dark:border-l-slate-400' },
};

export function KindBadge({ kind, className }: { kind: EventKind; className?: string }) {
  const { t } = useTranslation('calendar');
  return <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold', KIND_STYLES[kind].badge, className)}>{t(`kinds.${kind}`)}</span>;
}
