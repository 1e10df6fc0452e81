import { ChevronRight, KeyRound, Mail, MessageSquare, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import type { Problem } from '../../lib/account/problem';
import { isDelivered, type SecondFactor } from '../../lib/account/second-factor';
import { ProblemAlert } from './alerts';
import { SubmitButton } from './buttons';
import { Field } from './field';

export interface ChallengeState {
  factor: SecondFactor;
  /** Set once a code was sent (e-mail, phone): the code answers this challenge. */
  challengeId: string;
  problem?: Problem;
}

const icons = { totp: Smartphone, email: Mail, phone: MessageSquare, recoverycode: KeyRound } as const;

interface ChallengeFormProps {
  factors: readonly SecondFactor[];
  /** The factor whose panel is open at first. */
  open: SecondFactor | null;
  state?: ChallengeState | undefined;
  /** `send` opens a challenge (sends the code), `verify` answers it. */
  intents: { send: string; verify: string };
  /** Extra fields every form carries (e.g. what to do once confirmed). */
  hidden?: Record<string, string>;
}

/**
 * A second-factor challenge: one disclosure per factor the account has (app, e-mail, phone,
 * recovery code), each a plain form, so it works without JavaScript.
 */
export function ChallengeForm({ factors, open, state, intents, hidden = {} }: ChallengeFormProps) {
  const { t } = useTranslation('account');
  const opened = state?.factor ?? open;
  const extra = Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <div className="space-y-3">
      {factors.map((factor) => {
        const Icon = icons[factor];
        const mine = state?.factor === factor ? state : undefined;
        const needsSending = isDelivered(factor) && !mine?.challengeId;
        const codeId = `challenge-${factor}-code`;
        return (
          <details key={factor} open={opened === factor} className="group rounded-md border border-slate-300 dark:border-slate-600">
            <summary className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 font-semibold hover:bg-slate-50 dark:hover:bg-slate-800">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-green-800 dark:text-green-400" />
              {t(`mfa.factor.${factor}.title`)}
              <ChevronRight aria-hidden="true" className="ml-auto size-4 shrink-0 transition-transform group-open:rotate-90" />
            </summary>
            <div className="space-y-3 border-t border-slate-200 px-3 pt-3 pb-4 dark:border-slate-700">
              {mine?.problem ? <ProblemAlert problem={mine.problem} /> : null}
              {needsSending ? (
                <Form method="post" preventScrollReset className="space-y-3">
                  {extra}
                  <input type="hidden" name="factor" value={factor} />
                  <p className="text-sm text-slate-700 dark:text-slate-300">{t(`mfa.factor.${factor}.send`)}</p>
                  <SubmitButton intent={intents.send} variant="secondary" pendingLabel={t('sending')}>
                    {t(`mfa.factor.${factor}.sendButton`)}
                  </SubmitButton>
                </Form>
              ) : (
                <Form method="post" preventScrollReset className="space-y-3">
                  {extra}
                  <input type="hidden" name="factor" value={factor} />
                  <input type="hidden" name="challengeId" value={mine?.challengeId ?? ''} />
                  {isDelivered(factor) ? <p className="text-sm text-slate-700 dark:text-slate-300">{t(`mfa.factor.${factor}.sent`)}</p> : null}
                  <Field
                    id={codeId}
                    name="code"
                    label={t(`mfa.factor.${factor}.label`)}
                    hint={t(`mfa.factor.${factor}.hint`)}
                    required
                    autoComplete="one-time-code"
                    inputMode={factor === 'recoverycode' ? 'text' : 'numeric'}
                    spellCheck={false}
                    autoCapitalize="off"
                    maxLength={factor === 'recoverycode' ? 16 : 9}
                    className="max-w-xs"
                  />
                  <div className="flex flex-wrap gap-3">
                    <SubmitButton intent={intents.verify} pendingLabel={t('checking')}>
                      {t('mfa.verify')}
                    </SubmitButton>
                    {isDelivered(factor) ? (
                      <SubmitButton intent={intents.send} variant="secondary" formNoValidate pendingLabel={t('sending')}>
                        {t('mfa.resend')}
                      </SubmitButton>
                    ) : null}
                  </div>
                </Form>
              )}
            </div>
          </details>
        );
      })}
    </div>
  );
}
