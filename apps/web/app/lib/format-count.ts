import { numberFormat } from './intl';

/** The API stops counting matches here (its page-size limit), so a total this high means "at least". */
export const COUNT_CAP = 5000;

/** A count in the visitor's language; a capped count reads "5,000+". */
export function formatCount(value: number, language: string): string {
  const formatted = numberFormat(language).format(Math.min(value, COUNT_CAP));
  return value >= COUNT_CAP ? `${formatted}+` : formatted;
}
