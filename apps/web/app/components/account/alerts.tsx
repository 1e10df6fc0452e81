import { AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isKnownProblem, type Problem } from '../../lib/account/problem';
import { cn } from '../../lib/cn';

/** The words for a problem: ours for the types we know, else the API's own message. */
export function useProblemText(): (problem: Problem) => string {
  const { t } = useTranslation('account');
  return (problem) => (isKnownProblem(problem.type) ? t(`errors.${problem.type}`) : problem.message || t('errors.general_unknown'));
}

/** A failed submission's message; it takes focus when it appears (unless `focus` is false), so it is read out. */
export function ProblemAlert({ problem, className, focus = true }: { problem: Problem; className?: string; focus?: boolean }) {
  const text = useProblemText();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [problem, focus]);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className={cn('flex gap-2 rounded-md border-2 border-red-700 bg-red-50 p-3 text-red-900 focus:outline-none dark:border-red-400 dark:bg-red-950/40 dark:text-red-100', className)}>
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="min-w-0 break-words font-medium">{text(problem)}</p>
    </div>
  );
}

/** A success or information message (role=status: announced without moving focus). */
export function Notice({ tone = 'success', title, children, className }: { tone?: 'success' | 'info'; title?: string; children?: ReactNode; className?: string }) {
  const Icon = tone === 'success' ? CheckCircle2 : Info;
  return (
    <div
      role="status"
      className={cn(
        'flex gap-2 rounded-md border p-3',
        tone === 'success' ? 'border-green-700 bg-green-50 text-green-950 dark:border-green-500 dark:bg-green-950/40 dark:text-green-100' : 'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-600 dark:bg-slate-800/60 dark:text-slate-100',
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 break-words">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}
