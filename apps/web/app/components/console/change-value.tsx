import { useTranslation } from 'react-i18next';
import type { ShownValue } from '../../lib/console/change-entries';
import { useConsoleFormat } from './use-console-format';

/** One value of a change, in words: references by name, choices and dates in the editor's language. */
export function ChangeValue({ value }: { value: ShownValue }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  switch (value.kind) {
    case 'empty':
      return <span className="italic text-slate-600 dark:text-slate-400">{t('history.empty')}</span>;
    case 'text':
      return <span className="whitespace-pre-line [overflow-wrap:anywhere]">{value.text}</span>;
    case 'number':
      return <span>{format.number(value.value)}</span>;
    case 'boolean':
      return <span>{value.value ? t('history.yes') : t('history.no')}</span>;
    case 'date':
      return <span>{value.withTime ? format.dateTime(value.value) : format.date(value.value)}</span>;
    case 'choice':
      return <span>{format.choice(value.value)}</span>;
    case 'reference':
      return value.name ? <span>{value.name}</span> : <span className="font-mono text-sm [overflow-wrap:anywhere]">{t('history.unknownReference', { id: value.id })}</span>;
    case 'picture':
      return <span>{t('history.picture')}</span>;
    case 'list':
      return (
        <ul className="list-disc pl-5">
          {value.items.map((item, index) => (
            <li key={index} className="[overflow-wrap:anywhere]">
              {item}
            </li>
          ))}
        </ul>
      );
  }
}
