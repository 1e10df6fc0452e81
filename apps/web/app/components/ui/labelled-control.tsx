import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface LabelledControlProps {
  id: string;
  label: string;
  hint?: string | undefined;
  /** The message tied to the control; absent when the value is fine. */
  error?: string | undefined;
  /** Read before the error by screen readers ("Error:"), in the form's language. */
  errorPrefix: string;
  className?: string | undefined;
  /** The control, given the ids it must name in aria-describedby and whether it is invalid. */
  children: (aria: { 'aria-describedby': string | undefined; 'aria-invalid': true | undefined }) => ReactNode;
}

/** Label, hint and error message tied to one form control (aria-describedby, aria-invalid). */
export function LabelledControl({ id, label, hint, error, errorPrefix, className, children }: LabelledControlProps) {
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
          <span className="sr-only">{errorPrefix} </span>
          {error}
        </p>
      ) : null}
      {children({ 'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined, 'aria-invalid': error ? true : undefined })}
    </div>
  );
}

/** The border of a control, red while it holds an error. */
export function controlBorder(error: string | undefined): string {
  return error ? 'border-2 border-red-700 dark:border-red-400' : 'border-slate-400 dark:border-slate-500';
}
