import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** Where a page sits in the hierarchy; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('breadcrumbs')} className="mb-3 text-sm text-slate-600 dark:text-slate-400">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <li key={`${item.label}-${index}`} className="flex items-center gap-1">
            {index > 0 ? <ChevronRight aria-hidden="true" className="size-3.5" /> : null}
            {item.to && index < items.length - 1 ? (
              <Link to={item.to} className="hover:text-green-800 hover:underline dark:hover:text-green-400">
                {item.label}
              </Link>
            ) : (
              <span aria-current={index === items.length - 1 ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
