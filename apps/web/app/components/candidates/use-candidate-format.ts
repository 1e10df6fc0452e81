import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, numberFormat } from '../../lib/intl';

const PERCENT: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 1 };
const LONG_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };

/** Numbers, percentages and dates in the visitor's language. */
export function useCandidateFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // Each format is built on its first use (lib/intl.ts): a list without dates never builds one.
  return useMemo(
    () => ({
      number: (value: number): string => numberFormat(language).format(value),
      /** `value` is 0–100, as stored. */
      percent: (value: number): string => numberFormat(language, PERCENT).format(value / 100),
      date: (iso: string): string => dateTimeFormat(language, LONG_DATE).format(new Date(iso)),
    }),
    [language],
  );
}
