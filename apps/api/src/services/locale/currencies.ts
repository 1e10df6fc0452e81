import { worldCountries } from './world.ts';

/** Appwrite's Currency model; every field is derived from the runtime's CLDR data. */
export interface CurrencyModel {
  symbol: string;
  name: string;
  symbolNative: string;
  decimalDigits: number;
  rounding: number;
  code: string;
  namePlural: string;
}

/** Appwrite lists these first, then the rest by code. */
const leading = ['USD', 'EUR', 'GBP', 'CAD'];

function currencyPart(locale: string, code: string, display: 'symbol' | 'name', amount: number): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: display }).formatToParts(amount);
  return parts.find((part) => part.type === 'currency')?.value ?? code;
}

/** A locale where the currency is at home: the main language of the first country that pays with it. */
function homeLocale(code: string): string {
  for (const country of worldCountries) {
    if (country.currencies[0] !== code) continue;
    const tag = `${country.languages[0] ?? 'en'}-${country.code}`;
    if (Intl.NumberFormat.supportedLocalesOf([tag]).length > 0) return tag;
  }
  return 'en';
}

function describe(code: string, names: Intl.DisplayNames): CurrencyModel {
  return {
    symbol: currencyPart('en', code, 'symbol', 1),
    name: names.of(code) ?? code,
    symbolNative: currencyPart(homeLocale(code), code, 'symbol', 1),
    decimalDigits: new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2,
    // CLDR's cash rounding is not exposed by Intl; Appwrite's 0 means "no special rounding".
    rounding: 0,
    code,
    namePlural: currencyPart('en', code, 'name', 2),
  };
}

function order(a: string, b: string): number {
  const rank = (code: string) => (leading.includes(code) ? leading.indexOf(code) : leading.length);
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Currencies in use in some country (funds and units of account such as BOV or USN left out), built once. */
function build(): CurrencyModel[] {
  const iso = new Set(Intl.supportedValuesOf('currency'));
  const inUse = new Set(worldCountries.flatMap((country) => country.currencies).filter((code) => iso.has(code)));
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return [...inUse].sort(order).map((code) => describe(code, names));
}

let built: CurrencyModel[] | undefined;

export function currencyList(): readonly CurrencyModel[] {
  built ??= build();
  return built;
}
