import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

const variants: Record<ButtonVariant, string> = {
  primary: 'rounded-md bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 dark:bg-green-600 dark:text-slate-950 dark:hover:bg-green-500',
  secondary:
    'rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-800 hover:border-green-700 hover:text-green-800 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-green-400 dark:hover:text-green-400',
  danger: 'rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 dark:bg-red-500 dark:text-slate-950 dark:hover:bg-red-400',
  link: 'font-semibold text-green-800 underline underline-offset-4 hover:text-green-900 dark:text-green-400 dark:hover:text-green-300',
};

export function buttonClass(variant: ButtonVariant, className?: string): string {
  return cn('inline-flex items-center justify-center gap-2 text-center disabled:cursor-wait disabled:opacity-70', variants[variant], className);
}

interface SubmitProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'value' | 'name'> {
  /** Sent as `intent`, so one action can tell the forms of a page apart. */
  intent: string;
  variant?: ButtonVariant;
  /** Shown while this very button's submission is on its way. */
  pendingLabel?: ReactNode;
}

/** A submit button carrying `intent`; disabled with a pending label while its own submission runs. */
export function SubmitButton({ intent, variant = 'primary', pendingLabel, children, className, ...rest }: SubmitProps) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" name="intent" value={intent} disabled={pending || rest.disabled} className={buttonClass(variant, className)} {...rest}>
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
