import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'maxmind';
import { canonicalAddress, isReservedAddress } from './reserved-addresses.ts';

/** ip-location-db's record, or MaxMind's country layout. */
interface CountryRecord {
  country_code?: string;
  country?: { iso_code?: string };
}

/** The offline geo-IP database the npm package ships (IPv4 and IPv6 in one file); GEOIP_DATABASE replaces it. */
export function bundledGeoDatabase(): string {
  return createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
}

/**
 * Country of an IP address from an MMDB file with a `country_code` per network (the
 * ip-location-db layout; MaxMind's `country.iso_code` layout is read too). The file is read on
 * the first lookup and shared by every request after.
 */
export class GeoLocator {
  private readonly path: string;
  private reader: Reader<Response> | undefined;

  constructor(path: string) {
    this.path = path;
  }

  /** ISO 3166-1 alpha-2 code, or null for a reserved, unknown or malformed address. */
  countryOf(address: string): string | null {
    const canonical = canonicalAddress(address);
    if (canonical === null || isReservedAddress(canonical)) return null;
    this.reader ??= new Reader(readFileSync(this.path));
    // An IPv4-only file answers IPv6 lookups from its IPv4 tree, wrongly.
    if (this.reader.metadata.ipVersion === 4 && isIP(canonical) === 6) return null;
    const record = this.reader.get(canonical) as CountryRecord | null;
    const code = record?.country_code ?? record?.country?.iso_code;
    return code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null;
  }
}

const locators = new Map<string, GeoLocator>();

/** The process's one locator for a database file, so the file is read once however many services use it. */
export function geoLocatorFor(path: string): GeoLocator {
  let locator = locators.get(path);
  if (!locator) {
    locator = new GeoLocator(path);
    locators.set(path, locator);
  }
  return locator;
}
