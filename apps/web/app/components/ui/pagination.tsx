import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** Page links driven by the `page` search param, so every page has its own URL. */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation('common');
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (target: number): string => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete('page');
    else params.set('page', String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  const linkClass = 'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:border-green-600 dark:border-slate-600';
  return (
    <nav aria-label={t('pagination.label')} className="mt-6 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={linkClass}>
          {t('pagination.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600 dark:text-slate-400">{t('pagination.status', { page, pageCount })}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={linkClass}>
          {t('pagination.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Reads `?page=` safely: a positive integer, else 1. */
export function pageFromRequest(request: Request): number {
  const value = Number(new URL(request.url).searchParams.get('page'));
  return Number.isInteger(value) && value > 0 && value < 100_000 ? value : 1;
}
