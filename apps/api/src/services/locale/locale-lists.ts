import { appwriteLocaleCodes, cldrTag } from './locale-codes.ts';
import { byteOrder, continentCodes, namesIn } from './locale-names.ts';
import { euMembers, worldCountries, worldLanguages } from './world.ts';

/** The Locale service's lists in one locale, shaped and ordered as Appwrite's. */

interface Named {
  name: string;
  code: string;
}

function sortedByName<T extends { name: string }>(items: T[]): T[] {
  return items.sort((a, b) => byteOrder(a.name, b.name));
}

export function countryList(locale: string): Named[] {
  const names = namesIn(locale);
  return sortedByName(worldCountries.map(({ code }) => ({ name: names.country(code), code })));
}

export function euCountryList(locale: string): Named[] {
  const names = namesIn(locale);
  return sortedByName(euMembers.map((code) => ({ name: names.country(code), code })));
}

export function continentList(locale: string): Named[] {
  const names = namesIn(locale);
  return sortedByName(continentCodes.map((code) => ({ name: names.continent(code), code })));
}

/** One entry per country, by calling code (shared codes by country name); a NANP member's code carries its area code. */
export function phoneList(locale: string): { code: string; countryCode: string; countryName: string }[] {
  const names = namesIn(locale);
  return worldCountries
    .filter((country) => country.phones.length > 0)
    .map((country) => ({ calling: country.phones[0] as number, countryCode: country.code, countryName: names.country(country.code) }))
    .sort((a, b) => a.calling - b.calling || byteOrder(a.countryName, b.countryName))
    .map(({ calling, countryCode, countryName }) => ({ code: `+${calling}`, countryCode, countryName }));
}

const englishLanguages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** Locale codes with English names, as Appwrite's (whose names do not follow the locale either). */
export const localeCodeList: readonly { code: string; name: string }[] = appwriteLocaleCodes.map((code) => ({
  code,
  name: englishLanguages.of(cldrTag(code)) ?? code,
}));

/** A language picker shows "Français", not CLDR's running-text "français"; names with capitals of their own ("isiZulu") stay. */
function capitalised(text: string, tag: string): string {
  if (text !== text.toLocaleLowerCase(tag)) return text;
  return text.charAt(0).toLocaleUpperCase(tag) + text.slice(1);
}

function nativeName(code: string, fallback: string): string {
  if (Intl.DisplayNames.supportedLocalesOf([code]).length === 0) return fallback;
  const own = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code);
  return own ? capitalised(own, code) : fallback;
}

/** ISO 639-1 languages by code with English and native names (the same in every locale, as Appwrite's). */
export const languageList: readonly { name: string; code: string; nativeName: string }[] = [...worldLanguages]
  .sort((a, b) => (a.code < b.code ? -1 : 1))
  .map(({ code, native }) => ({ name: englishLanguages.of(code) ?? code, code, nativeName: nativeName(code, native) }));
