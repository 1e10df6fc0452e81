import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, numberFormat } from '../../lib/intl';

/** Numbers, percentages and dates in the visitor's language. */
export function useCandidateFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const numbers = numberFormat(language);
    const percents = numberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const dates = dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    return {
      number: (value: number): string => numbers.format(value),
      /** `value` is 0–100, as stored. */
      percent: (value: number): string => percents.format(value / 100),
      date: (iso: string): string => dates.format(new Date(iso)),
    };
  }, [language]);
}
