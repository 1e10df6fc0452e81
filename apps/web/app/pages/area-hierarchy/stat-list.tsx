import { cn } from '../../lib/cn';

export interface Stat {
  label: string;
  value: string;
}

/** Label/value pairs: figures stay readable and need no plural rules per language. */
export function StatList({ stats, className }: { stats: Stat[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-1 text-sm', className)}>
      {stats.map((stat) => (
        <div key={stat.label} className="flex min-w-0 flex-col">
          <dt className="text-slate-600 dark:text-slate-400">{stat.label}</dt>
          <dd className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
