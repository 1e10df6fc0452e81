import { countries, languages } from 'countries-list';

/**
 * The sets of codes the Locale service lists, from the maintained `countries-list` package
 * (ISO 3166-1 countries with continent, calling codes and currencies; ISO 639-1 languages).
 */
export interface CountryFacts {
  code: string;
  continent: string;
  /** International calling codes, NANP members with their area code (Antigua and Barbuda: 1268). */
  phones: readonly number[];
  /** ISO 4217 codes, the one in everyday use first. */
  currencies: readonly string[];
  /** ISO 639-1 codes, the main one first. */
  languages: readonly string[];
}

const everyCountry: readonly (CountryFacts & { userAssigned: boolean })[] = Object.entries(countries).map(([code, country]) => ({
  code, continent: country.continent, phones: country.phone, currencies: country.currency, languages: country.languages, userAssigned: country.userAssigned === true,
}));

/** ISO 3166-1 countries and territories, as the lists show them; user-assigned codes (Kosovo's XK) are left out. */
export const worldCountries: readonly CountryFacts[] = everyCountry.filter((country) => !country.userAssigned);

/** Facts for a geo-IP answer, user-assigned codes included (a database may place an address in Kosovo). */
const byCode = new Map(everyCountry.map((country) => [country.code, country]));

export function countryFacts(code: string): CountryFacts | undefined {
  return byCode.get(code);
}

/** ISO 639-1 languages with the package's native name, for languages CLDR has no data for. */
export const worldLanguages: readonly { code: string; native: string }[] = Object.entries(languages).map(([code, language]) => ({ code, native: language.native }));

/** The members of the European Union (as of 2020, after the United Kingdom left). */
export const euMembers: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL',
  'PT', 'RO', 'SE', 'SI', 'SK',
];
