import { useTranslation } from 'react-i18next';
import type { CandidateStatus } from '../../lib/directory/types';
import { cn } from '../../lib/cn';

const tones: Record<CandidateStatus, string> = {
  nominated: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
  withdrawn: 'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700',
  disqualified: 'bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-100 dark:ring-red-700',
  elected: 'bg-green-100 text-green-900 ring-green-400 dark:bg-green-900 dark:text-green-50 dark:ring-green-600',
  not_elected: 'bg-white text-slate-700 ring-slate-300 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-600',
};

export function StatusBadge({ status }: { status: CandidateStatus }) {
  const { t } = useTranslation('candidates');
  return <StatusPill status={status} label={t(`status.${status}`, { defaultValue: status })} />;
}

/** The badge with its label already translated (a list translates each status once). */
export function StatusPill({ status, label }: { status: CandidateStatus; label: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tones[status] ?? tones.nominated)}>
      {label}
    </span>
  );
}
