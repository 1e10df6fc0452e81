import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { controlBorder, LabelledControl } from '../ui/labelled-control';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'className'> {
  id: string;
  name: string;
  label: string;
  hint?: string;
  /** The message tied to the control; absent when the value is fine. */
  error?: string;
  className?: string;
}

/** One labelled input of the account forms. */
export function Field({ id, name, label, hint, error, className, ...input }: FieldProps) {
  const { t } = useTranslation('account');
  return (
    <LabelledControl id={id} label={label} hint={hint} error={error} errorPrefix={t('errors.prefix')} className={className}>
      {(aria) => (
        <input
          id={id}
          name={name}
          {...aria}
          className={cn('mt-1 block w-full min-w-0 rounded-md border bg-white px-3 py-2 text-base text-slate-900 dark:bg-slate-950 dark:text-slate-100', controlBorder(error))}
          {...input}
        />
      )}
    </LabelledControl>
  );
}
