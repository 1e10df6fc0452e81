import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A card whose heading is the link, stretched over the whole card: the card is one big target,
 * yet screen readers announce only the name, not every figure inside.
 */
export function AreaCard({ to, title, aside, children, headingLevel = 'h2' }: { to: string; title: string; aside?: ReactNode; children?: ReactNode; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article className="relative h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-green-600 hover:shadow dark:border-slate-800 dark:bg-slate-900 dark:hover:border-green-500">
      <div className="mb-2 flex items-start justify-between gap-3">
        <Heading className="min-w-0 break-words text-lg font-semibold">
          <Link to={to} className="text-slate-900 after:absolute after:inset-0 after:rounded-lg hover:text-green-800 hover:underline dark:text-slate-100 dark:hover:text-green-400">
            {title}
          </Link>
        </Heading>
        {aside}
      </div>
      {children}
    </article>
  );
}
