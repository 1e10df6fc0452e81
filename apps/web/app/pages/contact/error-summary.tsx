import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface SummaryItem {
  /** The control the item leads to. */
  targetId?: string;
  message: string;
}

/** GOV.UK-style summary at the top of the form; the form moves focus here on a failed submit. */
export function ErrorSummary({ items, ref }: { items: SummaryItem[]; ref: Ref<HTMLDivElement> }) {
  const { t } = useTranslation('contact');
  return (
    <div ref={ref} tabIndex={-1} aria-labelledby="error-summary-title" className="mb-6 rounded-md border-4 border-red-700 p-4 focus:outline-4 focus:outline-offset-2 focus:outline-red-700 dark:border-red-400 dark:focus:outline-red-400">
      <h2 id="error-summary-title" className="text-lg font-bold">
        {t('errors.summaryTitle')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {items.map((item) => (
          <li key={item.message} className="font-semibold text-red-700 dark:text-red-400">
            {item.targetId ? (
              <a
                href={`#${item.targetId}`}
                className="underline underline-offset-4"
                onClick={(event) => {
                  // A fragment link only scrolls; the visitor wants to type in the field.
                  const target = document.getElementById(item.targetId!);
                  if (!target) return;
                  event.preventDefault();
                  target.focus();
                  target.scrollIntoView({ block: 'center' });
                }}
              >
                {item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
