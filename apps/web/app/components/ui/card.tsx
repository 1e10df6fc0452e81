import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { linkCardSurface, stretchedLink } from './link-card';

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900', className)}>{children}</div>;
}

/** A card whose title links (see link-card.ts): the whole card is the target, named by its title. */
export function LinkCard({ to, title, children, accent }: { to: string; title: string; children?: ReactNode; accent?: string | null }) {
  return (
    <article
      className={cn('group rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900', linkCardSurface)}
      style={accent ? { borderLeftColor: accent, borderLeftWidth: 4 } : undefined}
    >
      <h3 className="font-semibold">
        <Link to={to} className={cn('text-slate-900 group-hover:text-green-800 group-hover:underline dark:text-slate-100 dark:group-hover:text-green-400', stretchedLink)}>
          {title}
        </Link>
      </h3>
      {children ? <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{children}</div> : null}
    </article>
  );
}

export function CardGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}
