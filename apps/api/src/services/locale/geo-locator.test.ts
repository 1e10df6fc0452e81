import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { bundledGeoDatabase, GeoLocator, geoLocatorFor } from './geo-locator.ts';
import { placeOf } from './place.ts';

// Addresses of networks registered to one country for years: Safaricom (Kenya), Orange and OVH (France).
const KENYA_V4 = '41.90.64.1';
const FRANCE_V4 = '90.84.0.1';
const FRANCE_V6 = '2001:41d0::1';

describe('GeoLocator over the bundled database', () => {
  const geo = new GeoLocator(bundledGeoDatabase());

  it('finds the country of public IPv4 and IPv6 addresses', () => {
    expect(geo.countryOf(KENYA_V4)).toBe('KE');
    expect(geo.countryOf(FRANCE_V4)).toBe('FR');
    expect(geo.countryOf(FRANCE_V6)).toBe('FR');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(geo.countryOf(`::ffff:${KENYA_V4}`)).toBe('KE');
  });

  it('places private, loopback, link-local and documentation addresses nowhere, even where the data names a country', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.9', '192.168.1.1', '100.64.0.1', '169.254.1.1', '198.51.100.7', '203.0.113.9', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::5', '2001:db8::1', '::ffff:127.0.0.1']) {
      expect(geo.countryOf(address), address).toBeNull();
    }
  });

  it('answers null for what is not an address', () => {
    for (const address of ['', 'unknown', '999.1.1.1', '1.2.3', 'localhost']) expect(geo.countryOf(address), address).toBeNull();
  });

  it('fills the Locale model: names in the locale, continent, EU membership and currency', () => {
    expect(placeOf(geo, KENYA_V4, 'sw')).toEqual({ ip: KENYA_V4, countryCode: 'KE', country: 'Kenya', continentCode: 'AF', continent: 'Afrika', eu: false, currency: 'KES' });
    expect(placeOf(geo, FRANCE_V6, 'fr')).toEqual({ ip: FRANCE_V6, countryCode: 'FR', country: 'France', continentCode: 'EU', continent: 'Europe', eu: true, currency: 'EUR' });
    expect(placeOf(geo, '127.0.0.1', 'en')).toEqual({ ip: '127.0.0.1', countryCode: '--', country: 'Unknown', continentCode: '--', continent: 'Unknown', eu: false, currency: '' });
    expect(placeOf(geo, '127.0.0.1', 'fr').country).toBe('Inconnu');
  });
});

describe('GEOIP_DATABASE', () => {
  const ipv4Only = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country-ipv4.mmdb');

  it('defaults to the database the npm package ships', () => {
    expect(loadConfig({}).geoIpDatabase).toBe(bundledGeoDatabase());
  });

  it('points the lookups at another .mmdb file', () => {
    const config = loadConfig({ GEOIP_DATABASE: ipv4Only });
    expect(config.geoIpDatabase).toBe(ipv4Only);
    const geo = geoLocatorFor(config.geoIpDatabase);
    expect(geo.countryOf(KENYA_V4)).toBe('KE');
    expect(geo.countryOf(FRANCE_V6)).toBeNull();
    expect(geoLocatorFor(ipv4Only)).toBe(geo);
  });

  it('stops start-up when the file is missing, naming the setting', () => {
    expect(() => loadConfig({ GEOIP_DATABASE: '/nonexistent/country.mmdb' })).toThrow(ConfigError);
    expect(() => loadConfig({ GEOIP_DATABASE: '/nonexistent/country.mmdb' })).toThrow(/GEOIP_DATABASE/);
  });
});
