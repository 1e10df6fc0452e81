import { Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { SOURCE_FIELD } from '../../lib/console/source-input';
import { REVERT_INTENT, type RevertProblem } from '../../pages/console/history/types';
import { SubmitButton } from '../account/buttons';
import { ConfirmDisclosure } from '../ui/confirm-disclosure';
import { ConsoleProblem } from './console-problem';
import { SourceField, useProblemMessage } from './source-field';

/**
 * "Revert…": a disclosure (so it works without JavaScript) that asks for the reason, then puts
 * back the values from before the change. Open again with the API's answer when it refused.
 */
export function RevertChange({ changeId, problem }: { changeId: string; problem: RevertProblem | undefined }) {
  const { t } = useTranslation('console');
  const message = useProblemMessage(problem?.problem);
  return (
    <ConfirmDisclosure
      className="mt-3"
      open={problem !== undefined}
      label={
        <span className="inline-flex items-center gap-1.5">
          <Undo2 aria-hidden="true" className="size-4" />
          {t('history.revert')}
        </span>
      }
      question={t('history.revertQuestion')}
    >
      {problem && problem.problem.field !== SOURCE_FIELD ? <ConsoleProblem heading={t('history.revertFailed')} message={message} type={problem.problem.type} /> : null}
      <Form method="post" noValidate className="space-y-3">
        <input type="hidden" name="changeId" value={changeId} />
        <SourceField id={`revert-${changeId}-source`} required value={problem?.source ?? ''} problem={problem?.problem} />
        <SubmitButton intent={REVERT_INTENT} variant="danger" pendingLabel={t('history.reverting')}>
          {t('history.revertConfirm')}
        </SubmitButton>
      </Form>
    </ConfirmDisclosure>
  );
}
