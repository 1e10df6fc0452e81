import { Check, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { cn } from '../../lib/cn';
import { useRootData } from '../../lib/root-data';
import { MAX_COMPARED, type CompareChoice, type CompareSelectionReply } from '../../pages/compare/choices';
import { SelectionForm } from './selection-form';

const iconSize = { sm: 'size-3.5', md: 'size-4' } as const;

/**
 * "Compare" on a candidate card or page: a toggle button (aria-pressed) that adds the candidate
 * to the visitor's selection or takes them out. It sits above a card's stretched title link
 * (relative, z-10), so it stays its own click target.
 */
export function CompareToggle({ candidate, size = 'md', className }: { candidate: CompareChoice; size?: 'sm' | 'md'; className?: string }) {
  const { t } = useTranslation('compare-toggle');
  const { compare } = useRootData();
  const fetcher = useFetcher<CompareSelectionReply>();
  const chosenNow = compare.choices.some((choice) => choice.id === candidate.id);
  const pending = fetcher.formData?.get('intent');
  // While the change travels, show what it will most likely give; the answer corrects it.
  const chosen = pending === 'add' ? chosenNow || compare.choices.length < MAX_COMPARED : pending === 'remove' ? false : chosenNow;
  const refused = fetcher.state === 'idle' && fetcher.data?.full === true && !chosenNow;
  return (
    <div className={cn('relative z-10 flex flex-col gap-1 print:hidden', size === 'sm' ? 'items-end' : 'items-start', className)}>
      <SelectionForm fetcher={fetcher} intent={chosen ? 'remove' : 'add'} candidateId={candidate.id}>
        <button
          type="submit"
          aria-pressed={chosen}
          className={cn(
            'inline-flex items-center gap-1 rounded-md border font-medium',
            size === 'sm' ? 'min-h-7 px-2 py-0.5 text-xs' : 'min-h-9 px-2.5 py-1 text-sm',
            chosen
              ? 'border-green-700 bg-green-700 text-white hover:bg-green-800 dark:border-green-500 dark:bg-green-500 dark:text-slate-950 dark:hover:bg-green-400'
              : 'border-slate-300 bg-white text-slate-800 hover:border-green-700 hover:text-green-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-green-400 dark:hover:text-green-300',
          )}
        >
          {chosen ? <Check aria-hidden="true" className={iconSize[size]} /> : <Plus aria-hidden="true" className={iconSize[size]} />}
          {t('toggle.label')}
          <span className="sr-only"> {candidate.name}</span>
        </button>
      </SelectionForm>
      {/* Always present, so screen readers announce the refusal when it appears. */}
      <p role="status" className="max-w-xs text-sm text-amber-900 empty:hidden dark:text-amber-200">
        {refused ? t('full', { max: MAX_COMPARED }) : null}
      </p>
    </div>
  );
}
