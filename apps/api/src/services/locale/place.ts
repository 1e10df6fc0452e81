import type { RequestContext } from '../../core/context.ts';
import type { GeoLocator } from './geo-locator.ts';
import { namesIn } from './locale-names.ts';
import { resolveLocale } from './resolve-locale.ts';
import { countryFacts, euMembers } from './world.ts';

const UNKNOWN = '--';

export interface Place {
  ip: string;
  countryCode: string;
  country: string;
  continentCode: string;
  continent: string;
  eu: boolean;
  currency: string;
}

/** Appwrite's Locale model for the caller's address: `--` and "Unknown" where no country is known. */
export function placeOf(geo: GeoLocator, ip: string, locale: string): Place {
  const names = namesIn(locale);
  const code = geo.countryOf(ip);
  const facts = code ? countryFacts(code) : undefined;
  if (!code || !facts) return { ip, countryCode: UNKNOWN, country: names.unknown, continentCode: UNKNOWN, continent: names.unknown, eu: false, currency: '' };
  return {
    ip,
    countryCode: code,
    country: names.country(code),
    continentCode: facts.continent,
    continent: names.continent(facts.continent),
    eu: euMembers.includes(code),
    currency: facts.currencies[0] ?? '',
  };
}

/** The `countryCode`/`countryName` pair of the Session and Log models. */
export function countryOf(geo: GeoLocator, ip: string, locale: string): { countryCode: string; countryName: string } {
  const { countryCode, country } = placeOf(geo, ip, locale);
  return { countryCode, countryName: country };
}

/** The same, named in the caller's locale (X-Appwrite-Locale). */
export function countryForCaller(geo: GeoLocator, ip: string, ctx: Pick<RequestContext, 'locale' | 'config'>): { countryCode: string; countryName: string } {
  return countryOf(geo, ip, resolveLocale(ctx));
}
