import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

interface FormFieldProps {
  id: string;
  name: string;
  label: string;
  hint?: string;
  /** The message shown above the control and tied to it; absent when the value is fine. */
  error?: string;
  defaultValue?: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  multiline?: boolean;
}

/** Label, hint and error message tied to one control (aria-describedby, aria-invalid). */
export function FormField({ id, name, label, hint, error, defaultValue, type = 'text', autoComplete, multiline }: FormFieldProps) {
  const { t } = useTranslation('contact');
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const controlClass = cn(
    'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 dark:bg-slate-900 dark:text-slate-100',
    error ? 'border-2 border-red-700 dark:border-red-400' : 'border-slate-400 dark:border-slate-500',
  );
  const common = { id, name, defaultValue, required: true, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, className: controlClass };
  return (
    <div className={cn(error && 'border-l-4 border-red-700 pl-3 dark:border-red-400')}>
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
      {multiline ? <textarea {...common} rows={8} /> : <input {...common} type={type} autoComplete={autoComplete} spellCheck={type === 'email' ? false : undefined} />}
    </div>
  );
}
