import { Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../components/compare/use-hydrated';
import { PageHeader } from '../../components/ui/page-header';
import { useAttributes } from './attributes';
import { CompareCards } from './compare-cards';
import { CompareTable } from './compare-table';
import { EmptyComparison } from './empty-comparison';
import { MAX_COMPARED } from './choices';
import type { ComparisonData } from './loader.server';

export function ComparePage({ data }: { data: ComparisonData }) {
  const { t } = useTranslation('compare');
  const attributes = useAttributes();
  const { columns } = data;
  return (
    <div id="compare-sheet">
      <PageHeader title={t('title')} description={columns.length >= 2 ? t('intro', { count: columns.length }) : undefined} actions={columns.length >= 2 ? <PrintButton /> : null} />
      {data.notShown > 0 || data.beyondLimit > 0 ? (
        <div role="note" className="mb-6 space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100 print:hidden">
          {data.notShown > 0 ? <p>{t('notShown', { count: data.notShown })}</p> : null}
          {data.beyondLimit > 0 ? <p>{t('beyondLimit', { count: data.beyondLimit, max: MAX_COMPARED })}</p> : null}
        </div>
      ) : null}
      {columns.length >= 2 ? (
        <>
          <CompareTable candidates={columns} attributes={attributes} />
          <CompareCards candidates={columns} attributes={attributes} />
        </>
      ) : (
        <EmptyComparison chosen={columns} />
      )}
    </div>
  );
}

/** Opens the browser's print dialog (the page's print style lays the table out on A4 landscape); it needs JavaScript, so it appears with it. */
function PrintButton() {
  const { t } = useTranslation('compare');
  if (!useHydrated()) return null;
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:border-green-700 hover:text-green-800 dark:border-slate-600 dark:hover:border-green-400 dark:hover:text-green-300 print:hidden"
    >
      <Printer aria-hidden="true" className="size-4" />
      {t('print')}
    </button>
  );
}
