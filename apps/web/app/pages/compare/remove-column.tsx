import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { comparePath, SELECTION_ACTION } from './choices';
import type { ComparedCandidate } from './loader.server';

/**
 * Takes a candidate out of this comparison: the page comes back without their column, and they
 * leave the visitor's selection too (if they were in it), so the tray agrees.
 */
export function RemoveColumn({ candidate, remaining }: { candidate: ComparedCandidate; remaining: string[] }) {
  const { t } = useTranslation('compare');
  return (
    <Form method="post" action={SELECTION_ACTION} className="print:hidden">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="candidate" value={candidate.id} />
      <input type="hidden" name="redirectTo" value={comparePath(remaining)} />
      <button
        type="submit"
        className="inline-flex min-h-8 items-center gap-1 rounded-md border border-slate-300 px-2 py-0.5 text-sm text-slate-700 hover:border-red-600 hover:text-red-700 dark:border-slate-600 dark:text-slate-300 dark:hover:border-red-400 dark:hover:text-red-300"
      >
        <X aria-hidden="true" className="size-4" />
        {t('remove')}
        <span className="sr-only"> {candidate.name}</span>
      </button>
    </Form>
  );
}
