import { getLocale, listCodes, listContinents, listCountries, listCountriesEU, listCountriesPhones, listCurrencies, listLanguages } from './locale-routes.ts';

export const localeRoutes = [getLocale, listCodes, listContinents, listCountries, listCountriesEU, listCountriesPhones, listCurrencies, listLanguages];
