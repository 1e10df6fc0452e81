import { useTranslation } from 'react-i18next';

/** The API stops counting at this many matches (its page-size limit). */
export const COUNT_CAP = 5000;

/** Numbers in the visitor's language; capped counts read "5,000+". */
export function useAreaFormat() {
  const { t, i18n } = useTranslation('areas');
  const numbers = new Intl.NumberFormat(i18n.language);
  return {
    number: (value: number | null | undefined): string => (value === null || value === undefined ? '—' : numbers.format(value)),
    count: (value: number): string => (value >= COUNT_CAP ? t('countCapped', { value: numbers.format(COUNT_CAP) }) : numbers.format(value)),
  };
}
