/**
 * The values of `X-Appwrite-Locale` Appwrite accepts (its `locale.listCodes`). The codes are
 * Appwrite's protocol surface, so they are listed here; their names come from CLDR (locale-names.ts).
 */
export const appwriteLocaleCodes: readonly string[] = [
  'af', 'ar-ae', 'ar-bh', 'ar-dz', 'ar-eg', 'ar-iq', 'ar-jo', 'ar-kw', 'ar-lb', 'ar-ly', 'ar-ma', 'ar-om', 'ar-qa', 'ar-sa',
  'ar-sy', 'ar-tn', 'ar-ye', 'as', 'az', 'be', 'bg', 'bh', 'bn', 'bs', 'ca', 'cs', 'cy', 'da', 'de', 'de-at', 'de-ch', 'de-li',
  'de-lu', 'el', 'en', 'en-au', 'en-bz', 'en-ca', 'en-gb', 'en-ie', 'en-jm', 'en-nz', 'en-tt', 'en-us', 'en-za', 'eo', 'es',
  'es-ar', 'es-bo', 'es-cl', 'es-co', 'es-cr', 'es-do', 'es-ec', 'es-gt', 'es-hn', 'es-mx', 'es-ni', 'es-pa', 'es-pe', 'es-pr',
  'es-py', 'es-sv', 'es-uy', 'es-ve', 'et', 'eu', 'fa', 'fi', 'fo', 'fr', 'fr-be', 'fr-ca', 'fr-ch', 'fr-lu', 'ga', 'gd', 'he',
  'hi', 'hr', 'hu', 'id', 'is', 'it', 'it-ch', 'ja', 'ji', 'ko', 'ku', 'lt', 'lv', 'mk', 'ml', 'ms', 'mt', 'nb', 'ne', 'nl',
  'nl-be', 'nn', 'no', 'pa', 'pl', 'pt', 'pt-br', 'rm', 'ro', 'ro-md', 'ru', 'ru-md', 'sb', 'sk', 'sl', 'sq', 'sr', 'sv',
  'sv-fi', 'th', 'tn', 'tr', 'ts', 'ua', 'ur', 've', 'vi', 'xh', 'zh-cn', 'zh-hk', 'zh-sg', 'zh-tw', 'zu',
];

/** Appwrite's codes that are not the BCP 47 tag CLDR knows the language by. */
const cldrSpelling: Readonly<Record<string, string>> = { ua: 'uk', sb: 'hsb', ji: 'yi' };

export function cldrTag(code: string): string {
  return cldrSpelling[code] ?? code;
}
