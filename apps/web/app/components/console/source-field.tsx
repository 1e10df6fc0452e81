import { SOURCE_MAX_LENGTH } from '@ballot-atlas/shared/history/change-source';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import type { SaveProblem } from '../../lib/console/api-errors';
import { SOURCE_FIELD, SOURCE_REQUIRED, isSourceProblem } from '../../lib/console/source-input';
import { controlBorder, LabelledControl } from '../ui/labelled-control';
import { controlClass } from './relation-picker';

/** A failed save's message: the API's own words, or the console's for a problem with the source field. */
export function useProblemMessage(problem: SaveProblem | null | undefined): string | undefined {
  const { t } = useTranslation('console');
  if (!problem) return undefined;
  if (isSourceProblem(problem)) return problem.type === SOURCE_REQUIRED ? t('source.required') : t('source.invalid', { max: SOURCE_MAX_LENGTH });
  return problem.message;
}

/**
 * Where a change comes from: a web address (shown on the public page) or a short note (kept for
 * the editors). Sent to the API with the write; required where sourceRequired says so.
 */
export function SourceField({ id, required, value, problem, className }: { id: string; required: boolean; value: string; problem: SaveProblem | null | undefined; className?: string }) {
  const { t } = useTranslation('console');
  const message = useProblemMessage(problem);
  const error = problem?.field === SOURCE_FIELD ? message : undefined;
  const label = t('attributes.source');
  return (
    <LabelledControl id={id} label={required ? t('form.requiredLabel', { label }) : label} hint={t('source.hint')} error={error} errorPrefix={t('form.errorPrefix')} className={className}>
      {(aria) => <input id={id} name={SOURCE_FIELD} type="text" defaultValue={value} maxLength={SOURCE_MAX_LENGTH} autoComplete="off" {...aria} className={cn(controlClass, controlBorder(error))} />}
    </LabelledControl>
  );
}
