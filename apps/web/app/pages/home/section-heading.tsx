import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A home section's h2 with an optional "see all" link on the same line. */
export function SectionHeading({ id, title, link }: { id: string; title: string; link?: { to: string; label: string } }) {
  return (
    <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {link ? <SeeAll to={link.to}>{link.label}</SeeAll> : null}
    </div>
  );
}

function SeeAll({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm font-semibold text-green-800 underline underline-offset-4 hover:text-green-950 dark:text-green-400 dark:hover:text-green-300">
      {children}
    </Link>
  );
}
