import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { controlBorder, LabelledControl } from '../../components/ui/labelled-control';

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

/** One labelled, required control of the contact form: an input, or a text area for the message. */
export function FormField({ id, name, label, hint, error, defaultValue, type = 'text', autoComplete, multiline }: FormFieldProps) {
  const { t } = useTranslation('contact');
  const className = cn('mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 dark:bg-slate-900 dark:text-slate-100', controlBorder(error));
  return (
    <LabelledControl id={id} label={label} hint={hint} error={error} errorPrefix={t('errors.prefix')}>
      {(aria) => {
        const common = { id, name, defaultValue, required: true, ...aria, className };
        return multiline ? <textarea {...common} rows={8} /> : <input {...common} type={type} autoComplete={autoComplete} spellCheck={type === 'email' ? false : undefined} />;
      }}
    </LabelledControl>
  );
}
