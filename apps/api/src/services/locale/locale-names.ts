import { cldrTag } from './locale-codes.ts';

/**
 * Names in a locale from the runtime's CLDR data (Intl.DisplayNames). A locale CLDR has no data
 * for answers in English, as Appwrite answers in English for a locale it has no translation of.
 */
const FALLBACK = 'en';

/** Appwrite's continent codes → the UN M.49 region (or territory) CLDR names them by. */
const continentRegions: Readonly<Record<string, string>> = { AF: '002', AN: 'AQ', AS: '142', EU: '150', NA: '003', OC: '009', SA: '005' };

/** CLDR has no plain "unknown"; the project's languages carry their own word, the rest use English. */
const unknownWords: Readonly<Record<string, string>> = { en: 'Unknown', fr: 'Inconnu', sw: 'Haijulikani' };

export interface LocaleNames {
  /** The BCP 47 tag names are produced in. */
  readonly tag: string;
  country(code: string): string;
  continent(code: string): string;
  /** "Unknown": the name of an address with no country. */
  readonly unknown: string;
}

const cache = new Map<string, LocaleNames>();

function supportedTag(code: string): string {
  const tag = cldrTag(code);
  return Intl.DisplayNames.supportedLocalesOf([tag]).length > 0 ? tag : FALLBACK;
}

function build(code: string): LocaleNames {
  const tag = supportedTag(code);
  const regions = new Intl.DisplayNames([tag], { type: 'region', fallback: 'code' });
  const language = new Intl.Locale(tag).language;
  return {
    tag,
    country: (countryCode) => regions.of(countryCode) ?? countryCode,
    continent: (continentCode) => regions.of(continentRegions[continentCode] ?? continentCode) ?? continentCode,
    unknown: unknownWords[language] ?? (unknownWords[FALLBACK] as string),
  };
}

/** Names in `code`, an accepted locale code (see resolveLocale). */
export function namesIn(code: string): LocaleNames {
  let names = cache.get(code);
  if (!names) {
    names = build(code);
    cache.set(code, names);
  }
  return names;
}

export const continentCodes: readonly string[] = Object.keys(continentRegions);

/** Compares as PHP's strcmp does (byte order of UTF-8), so lists sort as Appwrite's do. */
export function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
