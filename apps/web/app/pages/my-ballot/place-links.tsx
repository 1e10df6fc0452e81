import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

export interface PlaceLinkItem {
  key: string;
  label: string;
  href: string;
  detail?: string | null;
}

/** One step of the walk (or the matches of a search): large tap targets, one per place. */
export function PlaceLinks({ items }: { items: PlaceLinkItem[] }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.key}>
          <Link
            to={item.href}
            className="flex min-h-12 items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-4 py-2.5 hover:border-green-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-green-500"
          >
            <span className="min-w-0">
              <span className="block break-words font-semibold text-green-800 dark:text-green-400">{item.label}</span>
              {item.detail ? <span className="block break-words text-sm text-slate-600 dark:text-slate-400">{item.detail}</span> : null}
            </span>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
