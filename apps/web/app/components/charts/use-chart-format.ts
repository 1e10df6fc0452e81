import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format-count';
import { numberFormat } from '../../lib/intl';

const PERCENT: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 1 };

/** Numbers and shares in the visitor's language. */
export function useChartFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // Each format is built on its first use (lib/intl.ts).
  return useMemo(
    () => ({
      number: (value: number): string => numberFormat(language).format(value),
      /** A count the API may have capped ("5,000+"). */
      count: (value: number): string => formatCount(value, language),
      /** `value` is 0–100. */
      percent: (value: number): string => numberFormat(language, PERCENT).format(value / 100),
    }),
    [language],
  );
}
