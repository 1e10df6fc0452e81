import { useTranslation } from 'react-i18next';
import { COUNT_CAP } from '../../lib/format-count';
import { numberFormat } from '../../lib/intl';

export { COUNT_CAP };

/** Numbers in the visitor's language; capped counts read "5,000+". */
export function useAreaFormat() {
  const { t, i18n } = useTranslation('areas');
  const numbers = numberFormat(i18n.language);
  return {
    number: (value: number | null | undefined): string => (value === null || value === undefined ? '—' : numbers.format(value)),
    count: (value: number): string => (value >= COUNT_CAP ? t('countCapped', { value: numbers.format(COUNT_CAP) }) : numbers.format(value)),
  };
}
