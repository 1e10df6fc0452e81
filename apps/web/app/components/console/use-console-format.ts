import { useTranslation } from 'react-i18next';
import { dateTimeFormat, numberFormat } from '../../lib/intl';

/** Numbers and dates in the editor's language; dates in UTC, the zone the directory stores and shows. */
export function useConsoleFormat() {
  const { t, i18n } = useTranslation('console');
  const language = i18n.language;
  return {
    number: (value: number) => numberFormat(language).format(value),
    date: (value: string) => dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(value)),
    dateTime: (value: string) => `${dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(value))} UTC`,
    /** An enum value in words (`not_elected` → "Not elected"), the value itself when it has none. */
    choice: (value: string) => t(`choices.${value}`, { defaultValue: value }),
  };
}
