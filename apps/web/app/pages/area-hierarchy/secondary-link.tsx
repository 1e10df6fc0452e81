import { Link } from 'react-router';

/** A bordered link for a page header's side action ("All districts", "Sub-regions…"). */
export function SecondaryLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-green-800 hover:border-green-600 dark:border-slate-600 dark:text-green-400">
      {children}
    </Link>
  );
}
