import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format-count';
import { numberFormat } from '../../lib/intl';

/** Numbers and shares in the visitor's language. */
export function useChartFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const numbers = numberFormat(language);
    const percents = numberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    return {
      number: (value: number): string => numbers.format(value),
      /** A count the API may have capped ("5,000+"). */
      count: (value: number): string => formatCount(value, language),
      /** `value` is 0–100. */
      percent: (value: number): string => percents.format(value / 100),
    };
  }, [language]);
}
