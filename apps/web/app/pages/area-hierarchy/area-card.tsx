import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { linkCardSurface, stretchedLink } from '../../components/ui/link-card';
import { cn } from '../../lib/cn';

/**
 * A card whose heading is the link, stretched over the whole card: the card is one big target,
 * yet screen readers announce only the name, not every figure inside.
 */
export function AreaCard({ to, title, aside, children, headingLevel = 'h2' }: { to: string; title: string; aside?: ReactNode; children?: ReactNode; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article className={cn('group h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900', linkCardSurface)}>
      <div className="mb-2 flex items-start justify-between gap-3">
        <Heading className="min-w-0 break-words text-lg font-semibold">
          <Link to={to} className={cn('text-green-800 underline-offset-4 group-hover:underline dark:text-green-400', stretchedLink)}>
            {title}
          </Link>
        </Heading>
        {aside}
      </div>
      {children}
    </article>
  );
}
