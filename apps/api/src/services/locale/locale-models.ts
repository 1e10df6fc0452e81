import { z } from 'zod';

/** Appwrite's Locale service models. */
const localeCode = z.object({ code: z.string().describe('Locale code (ISO 639-1, with a region).'), name: z.string() });
const continent = z.object({ name: z.string(), code: z.string().describe('Two-letter continent code.') });
const country = z.object({ name: z.string(), code: z.string().describe('ISO 3166-1 alpha-2 code.') });
const phone = z.object({ code: z.string().describe('Calling code with its +.'), countryCode: z.string(), countryName: z.string() });
const currency = z.object({
  symbol: z.string(), name: z.string(), symbolNative: z.string(), decimalDigits: z.number().int(), rounding: z.number(),
  code: z.string().describe('ISO 4217 code.'), namePlural: z.string(),
});
const language = z.object({ name: z.string(), code: z.string().describe('ISO 639-1 code.'), nativeName: z.string() });

export const localeModels: Record<string, z.ZodType> = {
  Locale: z.object({
    ip: z.string(), countryCode: z.string().describe('ISO 3166-1 alpha-2; `--` when unknown.'), country: z.string(),
    continentCode: z.string().describe('`--` when unknown.'), continent: z.string(), eu: z.boolean(), currency: z.string().describe('ISO 4217; empty when unknown.'),
  }),
  LocaleCode: localeCode,
  LocaleCodeList: z.object({ total: z.number().int(), localeCodes: z.array(localeCode) }),
  Continent: continent,
  ContinentList: z.object({ total: z.number().int(), continents: z.array(continent) }),
  Country: country,
  CountryList: z.object({ total: z.number().int(), countries: z.array(country) }),
  Phone: phone,
  PhoneList: z.object({ total: z.number().int(), phones: z.array(phone) }),
  Currency: currency,
  CurrencyList: z.object({ total: z.number().int(), currencies: z.array(currency) }),
  Language: language,
  LanguageList: z.object({ total: z.number().int(), languages: z.array(language) }),
};
