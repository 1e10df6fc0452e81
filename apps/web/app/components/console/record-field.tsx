import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { safeColour } from '../../lib/colour-contrast';
import type { EditableAttribute } from '../../lib/console/form-values';
import type { RelationChoices } from '../../lib/console/relation-options';
import { controlBorder, LabelledControl } from '../ui/labelled-control';
import type { HintText } from './field-hints';
import { FileField } from './file-field';
import { controlClass, RelationPicker } from './relation-picker';
import { useConsoleFormat } from './use-console-format';

interface RecordFieldProps {
  field: EditableAttribute;
  value: string;
  hints: readonly HintText[];
  /** The API's message, when it named this field. */
  error: string | undefined;
  choices: RelationChoices | undefined;
  enhanced: boolean;
}

export const fieldId = (key: string): string => `field-${key}`;

/** One attribute of a record, with the control its declaration calls for, its label, hints and error. */
export function RecordField({ field, value, hints, error, choices, enhanced }: RecordFieldProps) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const { attribute, control } = field;
  const id = fieldId(attribute.key);
  const name = attribute.key;
  const label = t(`attributes.${attribute.key}`, { defaultValue: attribute.key });
  const hint = hints.map((text) => t(text.key, formatValues(text.values, format.number))).join(' ') || undefined;
  const className = cn(controlClass, controlBorder(error));

  if (control.kind === 'checkbox') {
    return (
      <div className={cn(error && 'border-l-4 border-red-700 pl-3 dark:border-red-400')}>
        <label htmlFor={id} className="flex items-center gap-2 font-semibold">
          <input id={id} type="checkbox" name={name} value="true" defaultChecked={value === 'true'} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className="size-5 accent-green-700" />
          {label}
        </label>
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
            <span className="sr-only">{t('form.errorPrefix')} </span>
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <LabelledControl id={id} label={attribute.required ? t('form.requiredLabel', { label }) : label} hint={hint} error={error} errorPrefix={t('form.errorPrefix')}>
      {(aria) => {
        switch (control.kind) {
          case 'relation':
            return choices ? <RelationPicker id={id} name={name} choices={choices} required={attribute.required} aria={aria} enhanced={enhanced} /> : null;
          case 'file':
            return <FileField id={id} name={name} value={value} label={label} aria={aria} enhanced={enhanced} />;
          case 'choice':
            return (
              <select id={id} name={name} defaultValue={value} {...aria} className={className}>
                <option value="">{attribute.required ? t('form.choose') : t('form.none')}</option>
                {control.options.map((option) => (
                  <option key={option} value={option}>
                    {format.choice(option)}
                  </option>
                ))}
              </select>
            );
          case 'text':
            return control.multiline ? (
              <textarea id={id} name={name} defaultValue={value} maxLength={control.maxLength} rows={control.maxLength > 10_000 ? 14 : 5} {...aria} className={className} />
            ) : (
              <input id={id} name={name} type="text" defaultValue={value} maxLength={control.maxLength} {...aria} className={className} />
            );
          case 'list':
            return <textarea id={id} name={name} defaultValue={value} rows={3} {...aria} className={className} />;
          case 'number':
            return (
              <input
                id={id}
                name={name}
                type="number"
                inputMode={control.integer ? 'numeric' : 'decimal'}
                step={control.integer ? 1 : 'any'}
                min={control.min}
                max={control.max}
                defaultValue={value}
                {...aria}
                className={className}
              />
            );
          case 'datetime':
            return <input id={id} name={name} type="datetime-local" defaultValue={value} {...aria} className={className} />;
          case 'date':
            return <input id={id} name={name} type="date" defaultValue={value} {...aria} className={className} />;
          case 'url':
            return <input id={id} name={name} type="url" inputMode="url" defaultValue={value} placeholder="https://" {...aria} className={className} />;
          case 'email':
            return <input id={id} name={name} type="email" defaultValue={value} {...aria} className={className} />;
          case 'colour':
            return <ColourInput id={id} name={name} value={value} aria={aria} className={className} />;
        }
      }}
    </LabelledControl>
  );
}

function formatValues(values: HintText['values'], number: (value: number) => string): Record<string, string> {
  // Years and small bounds read better without grouping ("1800", not "1,800").
  return Object.fromEntries(Object.entries(values ?? {}).map(([key, value]) => [key, typeof value === 'number' ? (Math.abs(value) < 10_000 ? String(value) : number(value)) : value]));
}

/** `#rrggbb` as text, with a swatch of the colour typed. */
function ColourInput({ id, name, value, aria, className }: { id: string; name: string; value: string; aria: Record<string, unknown>; className: string }) {
  const [text, setText] = useState(value);
  const colour = safeColour(text);
  return (
    <div className="mt-1 flex items-center gap-2">
      <span
        aria-hidden="true"
        className={cn('size-10 shrink-0 rounded-md ring-1 ring-slate-900/20 dark:ring-white/30', !colour && 'bg-[repeating-linear-gradient(45deg,transparent,transparent_4px,rgb(148_163_184/0.5)_4px,rgb(148_163_184/0.5)_8px)]')}
        style={colour ? { backgroundColor: colour } : undefined}
      />
      <input id={id} name={name} type="text" value={text} onChange={(event) => setText(event.target.value)} maxLength={7} placeholder="#1a7f37" spellCheck={false} {...aria} className={cn(className, 'mt-0 font-mono')} />
    </div>
  );
}
