import { defineRoute } from '../../core/route.ts';
import { currencyList } from './currencies.ts';
import { continentList, countryList, euCountryList, languageList, localeCodeList, phoneList } from './locale-lists.ts';
import { placeOf } from './place.ts';
import { resolveLocale } from './resolve-locale.ts';

const localeRoute = { method: 'GET', scope: 'locale.read', params: {} } as const;

export const getLocale = defineRoute({
  ...localeRoute,
  id: 'locale.get',
  path: '/locale',
  summary: 'Where the caller\'s address is: country, continent, EU membership and currency, from the offline geo-IP database.',
  response: { status: 200, model: 'Locale' },
  handler: async ({ ctx, services }) => placeOf(services.geo, ctx.ip, resolveLocale(ctx)),
});

export const listCodes = defineRoute({
  ...localeRoute,
  id: 'locale.listCodes',
  path: '/locale/codes',
  summary: 'The locale codes X-Appwrite-Locale accepts, with English names.',
  response: { status: 200, model: 'LocaleCodeList' },
  handler: async () => ({ total: localeCodeList.length, localeCodes: localeCodeList }),
});

export const listCountries = defineRoute({
  ...localeRoute,
  id: 'locale.listCountries',
  path: '/locale/countries',
  summary: 'Countries and territories, named in the caller\'s locale and sorted by that name.',
  response: { status: 200, model: 'CountryList' },
  handler: async ({ ctx }) => {
    const countries = countryList(resolveLocale(ctx));
    return { total: countries.length, countries };
  },
});

export const listCountriesEU = defineRoute({
  ...localeRoute,
  id: 'locale.listCountriesEU',
  path: '/locale/countries/eu',
  summary: 'Members of the European Union, named in the caller\'s locale and sorted by that name.',
  response: { status: 200, model: 'CountryList' },
  handler: async ({ ctx }) => {
    const countries = euCountryList(resolveLocale(ctx));
    return { total: countries.length, countries };
  },
});

export const listCountriesPhones = defineRoute({
  ...localeRoute,
  id: 'locale.listCountriesPhones',
  path: '/locale/countries/phones',
  summary: 'International calling codes per country, by code.',
  response: { status: 200, model: 'PhoneList' },
  handler: async ({ ctx }) => {
    const phones = phoneList(resolveLocale(ctx));
    return { total: phones.length, phones };
  },
});

export const listContinents = defineRoute({
  ...localeRoute,
  id: 'locale.listContinents',
  path: '/locale/continents',
  summary: 'The seven continents, named in the caller\'s locale and sorted by that name.',
  response: { status: 200, model: 'ContinentList' },
  handler: async ({ ctx }) => {
    const continents = continentList(resolveLocale(ctx));
    return { total: continents.length, continents };
  },
});

export const listCurrencies = defineRoute({
  ...localeRoute,
  id: 'locale.listCurrencies',
  path: '/locale/currencies',
  summary: 'Currencies in use, with symbols, decimal digits and English names.',
  response: { status: 200, model: 'CurrencyList' },
  handler: async () => {
    const currencies = currencyList();
    return { total: currencies.length, currencies };
  },
});

export const listLanguages = defineRoute({
  ...localeRoute,
  id: 'locale.listLanguages',
  path: '/locale/languages',
  summary: 'ISO 639-1 languages with English and native names.',
  response: { status: 200, model: 'LanguageList' },
  handler: async () => ({ total: languageList.length, languages: languageList }),
});
