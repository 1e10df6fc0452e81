import { ArrowRight, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher, useLocation } from 'react-router';
import { useRootData } from '../../lib/root-data';
import { comparePath, MAX_COMPARED, type CompareChoice, type CompareSelectionReply } from '../../pages/compare/choices';
import { SelectionForm } from './selection-form';

/**
 * The bar at the foot of the window once a candidate is picked: who is chosen (each with a remove
 * button) and "Compare (n) →". Not on the comparison itself, which has its own remove controls,
 * and never printed.
 */
export function CompareTray() {
  const { t } = useTranslation('compare-toggle');
  const { compare } = useRootData();
  const { pathname } = useLocation();
  const clearing = useFetcher<CompareSelectionReply>();
  if (pathname === '/compare' || (compare.choices.length === 0 && !compare.full) || clearing.formData) return null;
  const ids = compare.choices.map((choice) => choice.id);
  return (
    <aside
      id="compare-tray"
      aria-label={t('tray.label')}
      className="sticky bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-2px_8px_rgb(0_0_0/0.06)] backdrop-blur print:hidden dark:border-slate-800 dark:bg-slate-900/95"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:px-6">
        {compare.full ? (
          <p role="status" className="w-full text-sm font-medium text-amber-900 dark:text-amber-200">
            {t('full', { max: MAX_COMPARED })}
          </p>
        ) : null}
        <ul className="flex min-w-0 flex-1 flex-wrap gap-1.5">
          {compare.choices.map((choice) => (
            <TrayChoice key={choice.id} choice={choice} />
          ))}
        </ul>
        <div className="flex items-center gap-2">
          <SelectionForm fetcher={clearing} intent="clear">
            <button type="submit" className="rounded-md px-2 py-1 text-sm text-slate-700 underline underline-offset-2 hover:no-underline dark:text-slate-300">
              {t('tray.clear')}
            </button>
          </SelectionForm>
          <Link
            to={comparePath(ids)}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-md bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800 dark:bg-green-500 dark:text-slate-950 dark:hover:bg-green-400"
          >
            {t('tray.open', { count: ids.length })}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </aside>
  );
}

function TrayChoice({ choice }: { choice: CompareChoice }) {
  const { t } = useTranslation('compare-toggle');
  const fetcher = useFetcher<CompareSelectionReply>();
  if (fetcher.formData) return null;
  return (
    <li className="flex max-w-full items-center rounded-full border border-slate-300 bg-slate-50 py-0.5 pl-3 pr-0.5 text-sm dark:border-slate-600 dark:bg-slate-800">
      <span className="truncate">{choice.name}</span>
      <SelectionForm fetcher={fetcher} intent="remove" candidateId={choice.id}>
        <button type="submit" className="ml-1 inline-flex size-7 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white">
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('tray.remove', { name: choice.name })}</span>
        </button>
      </SelectionForm>
    </li>
  );
}
