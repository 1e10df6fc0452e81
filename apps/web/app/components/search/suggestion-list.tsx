import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import type { Suggestion } from '../../lib/search/suggestion';
import { HighlightedText } from './highlighted-text';

/** A suggestion, or the closing "search for …" entry that leads to the full results. */
export type SuggestionOption = Suggestion | (Omit<Suggestion, 'type'> & { type: 'search' });

interface SuggestionListProps {
  id: string;
  label: string;
  options: SuggestionOption[];
  expanded: boolean;
  active: number;
  optionId: (index: number) => string;
  terms: readonly string[];
  onHover: (index: number) => void;
  onChoose: (option: SuggestionOption) => void;
}

/** The combobox's listbox; focus stays in the input, which points here with aria-activedescendant. */
export function SuggestionList({ id, label, options, expanded, active, optionId, terms, onHover, onChoose }: SuggestionListProps) {
  const { t } = useTranslation('search');
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      hidden={!expanded}
      className="absolute left-0 top-full z-40 mt-1 max-h-[70vh] w-max min-w-full max-w-[calc(100vw-2rem)] overflow-y-auto rounded-md border border-slate-300 bg-white py-1 text-sm shadow-lg sm:max-w-md dark:border-slate-600 dark:bg-slate-900"
    >
      {options.map((option, index) => (
        <li
          key={`${option.type}-${option.id}`}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => index !== active && onHover(index)}
          onClick={() => onChoose(option)}
          className={cn(
            'flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2',
            index === active ? 'bg-green-100 text-slate-950 shadow-[inset_3px_0_0_var(--color-green-700)] dark:bg-green-950 dark:text-white dark:shadow-[inset_3px_0_0_var(--color-green-400)]' : 'text-slate-800 dark:text-slate-200',
            option.type === 'search' && 'border-t border-slate-200 font-medium text-green-800 dark:border-slate-700 dark:text-green-400',
          )}
        >
          {option.type === 'search' ? (
            <span className="flex min-w-0 items-center gap-1.5">
              <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
              <span className="break-words">{option.label}</span>
            </span>
          ) : (
            <>
              <span className="min-w-0 break-words">
                <HighlightedText text={option.label} terms={terms} />
                {option.detail ? <span className="text-slate-600 dark:text-slate-400"> · {option.detail}</span> : null}
              </span>
              <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{t(`typeSingular.${option.type}`)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
