import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'className'> {
  id: string;
  name: string;
  label: string;
  hint?: string;
  /** The message tied to the control; absent when the value is fine. */
  error?: string;
  className?: string;
}

/** Label, hint and error message tied to one input (aria-describedby, aria-invalid). */
export function Field({ id, name, label, hint, error, className, ...input }: FieldProps) {
  const { t } = useTranslation('account');
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn(error && 'border-l-4 border-red-700 pl-3 dark:border-red-400', className)}>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
          <span className="sr-only">{t('errors.prefix')} </span>
          {error}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : undefined}
        className={cn(
          'mt-1 block w-full min-w-0 rounded-md border bg-white px-3 py-2 text-base text-slate-900 dark:bg-slate-950 dark:text-slate-100',
          error ? 'border-2 border-red-700 dark:border-red-400' : 'border-slate-400 dark:border-slate-500',
        )}
        {...input}
      />
    </div>
  );
}
