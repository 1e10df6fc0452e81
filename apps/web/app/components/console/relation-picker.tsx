import { searchTerms } from '@ballot-atlas/shared/text/search-text';
import { X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { controlBorder } from '../ui/labelled-control';
import type { RelationChoices, RelationOption } from '../../lib/console/relation-options';
import { byMatchRank, matchesTerms } from '../../lib/search/match';
import { useRootData } from '../../root';
import { HighlightedText } from '../search/highlighted-text';
import { useFormSync } from './form-sync';
import { nextActiveOption } from '../search/active-option';

interface PickerProps {
  id: string;
  name: string;
  choices: RelationChoices;
  required: boolean;
  aria: { 'aria-describedby': string | undefined; 'aria-invalid': true | undefined };
  /** After hydration the select becomes a searchable combobox. */
  enhanced: boolean;
}

const SHOWN = 50;
const DEBOUNCE_MS = 200;
export const controlClass = 'mt-1 block w-full min-w-0 rounded-md border bg-white px-3 py-2 text-base text-slate-900 dark:bg-slate-950 dark:text-slate-100';

/**
 * A relation field (a candidate's party, office, election, area). Without JavaScript: a select of
 * every record (or the record's id, typed, when there are too many to list). With it: a WAI-ARIA
 * combobox that searches as the editor types, over the records in hand or through the API.
 */
export function RelationPicker(props: PickerProps) {
  if (props.enhanced) return <RelationCombobox {...props} />;
  return <RelationSelect {...props} />;
}

function RelationSelect({ id, name, choices, required, aria }: PickerProps) {
  const { t } = useTranslation('console');
  const { picked } = useFormSync();
  const value = picked(name)?.id ?? '';
  if (!choices.options) {
    return <input id={id} name={name} defaultValue={value} required={required} {...aria} className={cn(controlClass, borderOf(aria), 'font-mono')} />;
  }
  return (
    <select id={id} name={name} defaultValue={value} required={required} {...aria} className={cn(controlClass, borderOf(aria))}>
      <option value="">{required ? t('form.choose') : t('form.none')}</option>
      {choices.options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

function borderOf(aria: PickerProps['aria']): string {
  return controlBorder(aria['aria-invalid'] ? 'invalid' : undefined);
}

function useRemoteOptions(choices: RelationChoices, text: string, active: boolean): { options: RelationOption[]; loading: boolean } {
  const { projectId } = useRootData();
  const [state, setState] = useState<{ options: RelationOption[]; loading: boolean }>({ options: [], loading: false });
  useEffect(() => {
    if (!active || choices.options) return;
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    const timer = setTimeout(() => {
      import('../../lib/console/relation-search.client')
        .then(({ searchRelation }) => searchRelation(projectId, choices, text, controller.signal))
        .then(
          (options) => !controller.signal.aborted && setState({ options, loading: false }),
          () => !controller.signal.aborted && setState({ options: [], loading: false }),
        );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [choices, text, active, projectId]);
  return state;
}

function RelationCombobox({ id, name, choices, required, aria }: PickerProps) {
  const { t } = useTranslation('console');
  const { picked, pick } = useFormSync();
  const selected = picked(name);
  // What the editor is typing; null shows the record the field holds (which another field may set: an area sets its district).
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = draft ?? selected?.label ?? '';
  const typed = draft !== null;
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = `${id}-options`;
  const query = draft ?? '';
  const terms = useMemo(() => searchTerms(query), [query]);
  const remote = useRemoteOptions(choices, query, open);

  const options = useMemo(() => {
    if (!choices.options) return remote.options;
    if (terms.length === 0) return choices.options.slice(0, SHOWN);
    const matching = choices.options.filter((option) => matchesTerms(option.label, terms));
    return byMatchRank(matching, terms, (option) => option.label).slice(0, SHOWN);
  }, [choices.options, remote.options, terms]);
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listboxId}-${index}`;

  useEffect(() => setActive(-1), [options]);

  const choose = (option: RelationOption) => {
    pick(name, option);
    setDraft(null);
    setOpen(false);
  };

  const settle = () => {
    setOpen(false);
    if (draft !== null && draft.trim() === '' && selected) pick(name, null);
    setDraft(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (count === 0 || event.altKey) return;
        const down = event.key === 'ArrowDown';
        setActive((current) => nextActiveOption(current, count, down, expanded));
        return;
      }
      case 'Enter': {
        const option = expanded ? options[active] : undefined;
        if (!option) return;
        event.preventDefault();
        choose(option);
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
        } else if (typed) {
          event.preventDefault();
          settle();
        }
        return;
      default:
        return;
    }
  };

  const status = open ? (remote.loading && !choices.options ? t('picker.searching') : t('picker.results', { count: options.length })) : '';

  return (
    <div className="relative mt-1">
      <input type="hidden" name={name} value={selected?.id ?? ''} />
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-required={required || undefined}
          {...aria}
          value={text}
          placeholder={t('picker.placeholder')}
          onChange={(event) => {
            setDraft(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={settle}
          onKeyDown={onKeyDown}
          className={cn(controlClass, borderOf(aria), 'mt-0 pr-10')}
        />
        {selected && !required ? (
          <button
            type="button"
            onClick={() => {
              pick(name, null);
              inputRef.current?.focus();
            }}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-600 hover:text-red-700 dark:text-slate-400 dark:hover:text-red-400"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('picker.clear', { name: selected.label })}</span>
          </button>
        ) : null}
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-label={t('picker.options')}
        hidden={!expanded}
        className="absolute left-0 top-full z-40 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-300 bg-white py-1 text-sm shadow-lg dark:border-slate-600 dark:bg-slate-900"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => index !== active && setActive(index)}
            onClick={() => choose(option)}
            className={cn(
              'cursor-pointer break-words px-3 py-2',
              index === active ? 'bg-green-100 text-slate-950 shadow-[inset_3px_0_0_var(--color-green-700)] dark:bg-green-950 dark:text-white' : 'text-slate-800 dark:text-slate-200',
              option.id === selected?.id && 'font-semibold',
            )}
          >
            <HighlightedText text={option.label} terms={terms} />
          </li>
        ))}
      </ul>
      {open && typed && terms.length > 0 && options.length === 0 && !remote.loading ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('picker.noMatch', { text })}</p>
      ) : null}
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
