// The Locale service through the official SDKs: every list's total, order and names in the
// locale the client sets, the caller's place from its address, and that place on sessions and logs.
import { expect, it } from 'vitest';
import { TEST_PROJECT } from '../support/test-server.ts';
import { captureSession, signUp, withSession } from './support/accounts.ts';
import { describeCompat } from './support/compat-suite.ts';
import { localeClient, type LocaleClientOptions } from './support/locale-api.ts';

// Networks registered to one country for years: Safaricom (Kenya) and Orange (France).
const KENYA = '41.90.64.1';
const FRANCE = '90.84.0.1';

/** Our totals (countries-list's ISO 3166-1 set, currencies in use, ISO 639-1); Appwrite's differ (decision 022). */
const TOTALS = { codes: 131, countries: 251, eu: 27, phones: 251, continents: 7, currencies: 154, languages: 185 };

/** PHP's strcmp order: UTF-8 bytes. */
const inByteOrder = (names: string[]) => [...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));

describeCompat('locale', (context) => {
  const locale = (options: LocaleClientOptions = {}) => localeClient(context.sdk, context.endpoint, TEST_PROJECT, options).locale;

  it('listCodes: the locale codes Appwrite accepts, with English names', async () => {
    const { total, localeCodes } = await locale().listCodes();
    expect(total).toBe(TOTALS.codes);
    expect(localeCodes).toHaveLength(total);
    expect(localeCodes[0]).toEqual({ code: 'af', name: 'Afrikaans' });
    expect(localeCodes).toContainEqual({ code: 'ar-ae', name: 'Arabic (United Arab Emirates)' });
    expect(localeCodes.at(-1)).toEqual({ code: 'zu', name: 'Zulu' });
    // Appwrite's list has no Swahili; the site's LANGUAGES are accepted all the same (decision 022).
    expect(localeCodes.map((code) => code.code)).not.toContain('sw');
    expect(new Set(localeCodes.map((code) => code.code)).size).toBe(total);
    // The list is the same whatever the client's locale.
    expect((await locale({ locale: 'fr' }).listCodes()).localeCodes).toEqual(localeCodes);
  });

  it('listCountries: every country named in the client\'s locale, sorted by that name', async () => {
    const english = await locale().listCountries();
    expect(english.total).toBe(TOTALS.countries);
    expect(english.countries).toHaveLength(TOTALS.countries);
    expect(english.countries[0]).toEqual({ name: 'Afghanistan', code: 'AF' });
    expect(english.countries).toContainEqual({ name: 'Kenya', code: 'KE' });
    expect(english.countries.map((country) => country.name)).toEqual(inByteOrder(english.countries.map((country) => country.name)));

    const french = await locale({ locale: 'fr' }).listCountries();
    expect(french.total).toBe(TOTALS.countries);
    expect(french.countries).toContainEqual({ name: 'Allemagne', code: 'DE' });
    expect(french.countries).toContainEqual({ name: 'France', code: 'FR' });
    // strcmp puts accented capitals after Z, as Appwrite's list does.
    const frenchNames = french.countries.map((country) => country.name);
    expect(frenchNames.indexOf('Égypte')).toBeGreaterThan(frenchNames.indexOf('Zimbabwe'));

    const swahili = await locale({ locale: 'sw' }).listCountries();
    expect(swahili.countries).toContainEqual({ name: 'Ufaransa', code: 'FR' });
    expect(swahili.countries).toContainEqual({ name: 'Kenya', code: 'KE' });

    expect((await locale({ locale: 'es' }).listCountries()).countries[0]).toEqual({ name: 'Afganistán', code: 'AF' });
  });

  it('a locale Appwrite does not list (or a different spelling) falls back to English', async () => {
    const english = (await locale().listCountries()).countries;
    expect((await locale({ locale: 'xx' }).listCountries()).countries).toEqual(english);
    expect((await locale({ locale: 'fr-fr' }).listCountries()).countries).toEqual(english);
    expect((await locale({ locale: 'FR' }).listCountries()).countries).toEqual(english);
  });

  it('listCountriesEU: the 27 members, sorted by name in the locale', async () => {
    const english = await locale().listCountriesEU();
    expect(english.total).toBe(TOTALS.eu);
    expect(english.countries[0]).toEqual({ name: 'Austria', code: 'AT' });
    expect(english.countries).toContainEqual({ name: 'France', code: 'FR' });
    expect(english.countries.map((country) => country.code)).not.toContain('GB');
    expect((await locale({ locale: 'es' }).listCountriesEU()).countries[0]).toEqual({ name: 'Alemania', code: 'DE' });
  });

  it('listCountriesPhones: one calling code per country, by code', async () => {
    const { total, phones } = await locale().listCountriesPhones();
    expect(total).toBe(TOTALS.phones);
    expect(phones[0]).toEqual({ code: '+1', countryCode: 'CA', countryName: 'Canada' });
    expect(phones).toContainEqual({ code: '+254', countryCode: 'KE', countryName: 'Kenya' });
    expect(phones).toContainEqual({ code: '+33', countryCode: 'FR', countryName: 'France' });
    expect(phones).toContainEqual({ code: '+1268', countryCode: 'AG', countryName: 'Antigua & Barbuda' });
    const codes = phones.map((phone) => Number(phone.code.slice(1)));
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect((await locale({ locale: 'fr' }).listCountriesPhones()).phones).toContainEqual({ code: '+49', countryCode: 'DE', countryName: 'Allemagne' });
  });

  it('listContinents: seven, named and sorted in the locale', async () => {
    const english = await locale().listContinents();
    expect(english.total).toBe(TOTALS.continents);
    expect(english.continents).toEqual([
      { name: 'Africa', code: 'AF' }, { name: 'Antarctica', code: 'AN' }, { name: 'Asia', code: 'AS' }, { name: 'Europe', code: 'EU' },
      { name: 'North America', code: 'NA' }, { name: 'Oceania', code: 'OC' }, { name: 'South America', code: 'SA' },
    ]);
    expect((await locale({ locale: 'es' }).listContinents()).continents[0]).toEqual({ name: 'América del Norte', code: 'NA' });
    expect((await locale({ locale: 'fr' }).listContinents()).continents).toContainEqual({ name: 'Afrique', code: 'AF' });
    expect((await locale({ locale: 'sw' }).listContinents()).continents).toContainEqual({ name: 'Ulaya', code: 'EU' });
  });

  it('listCurrencies: currencies in use, US dollar first, with symbols and digits', async () => {
    const { total, currencies } = await locale().listCurrencies();
    expect(total).toBe(TOTALS.currencies);
    expect(currencies[0]).toEqual({ symbol: '$', name: 'US Dollar', symbolNative: '$', decimalDigits: 2, rounding: 0, code: 'USD', namePlural: 'US dollars' });
    expect(currencies.map((currency) => currency.code).slice(0, 4)).toEqual(['USD', 'EUR', 'GBP', 'CAD']);
    expect(currencies.find((currency) => currency.code === 'KES')).toEqual({ symbol: 'KES', name: 'Kenyan Shilling', symbolNative: 'Ksh', decimalDigits: 2, rounding: 0, code: 'KES', namePlural: 'Kenyan shillings' });
    expect(currencies.find((currency) => currency.code === 'JPY')?.decimalDigits).toBe(0);
    expect(currencies.map((currency) => currency.code)).not.toContain('USN');
  });

  it('listLanguages: ISO 639-1 by code, with English and native names', async () => {
    const { total, languages } = await locale().listLanguages();
    expect(total).toBe(TOTALS.languages);
    expect(languages[0]).toEqual({ name: 'Afar', code: 'aa', nativeName: 'Afar' });
    expect(languages.at(-1)).toEqual({ name: 'Zulu', code: 'zu', nativeName: 'isiZulu' });
    expect(languages).toContainEqual({ name: 'Swahili', code: 'sw', nativeName: 'Kiswahili' });
    expect(languages).toContainEqual({ name: 'French', code: 'fr', nativeName: 'Français' });
  });

  it('get: the place of the address the trusted proxy forwards, named in the locale', async () => {
    expect(await locale({ forwardedFor: KENYA }).get()).toEqual({ ip: KENYA, countryCode: 'KE', country: 'Kenya', continentCode: 'AF', continent: 'Africa', eu: false, currency: 'KES' });
    expect(await locale({ forwardedFor: FRANCE, locale: 'fr' }).get()).toEqual({ ip: FRANCE, countryCode: 'FR', country: 'France', continentCode: 'EU', continent: 'Europe', eu: true, currency: 'EUR' });
    expect(await locale({ forwardedFor: FRANCE, locale: 'sw' }).get()).toMatchObject({ country: 'Ufaransa', continent: 'Ulaya' });
  });

  it('get: a loopback or private caller is nowhere', async () => {
    expect(await locale().get()).toEqual({ ip: '127.0.0.1', countryCode: '--', country: 'Unknown', continentCode: '--', continent: 'Unknown', eu: false, currency: '' });
    expect(await locale({ forwardedFor: '192.168.1.20', locale: 'fr' }).get()).toEqual({ ip: '192.168.1.20', countryCode: '--', country: 'Inconnu', continentCode: '--', continent: 'Inconnu', eu: false, currency: '' });
  });

  it('a session opened from a public address carries its country in listSessions and the log', async () => {
    const user = await signUp(context, 'locale-session');
    const client = localeClient(context.sdk, context.endpoint, TEST_PROJECT, { forwardedFor: FRANCE });
    const { result: session, token } = await captureSession(() => client.createEmailPasswordSession(user.email, user.password));
    expect(session).toMatchObject({ ip: FRANCE, countryCode: 'FR', countryName: 'France' });

    const { sessions } = await withSession(context, token).account.listSessions();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ $id: session.$id, ip: FRANCE, countryCode: 'FR', countryName: 'France' });

    // Names follow the locale of the client asking.
    const asked = (path: string) => fetch(`${context.endpoint}${path}`, { headers: { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-session': token, 'x-appwrite-locale': 'sw' } });
    const inSwahili = (await (await asked('/account/sessions')).json()) as { sessions: { countryCode: string; countryName: string }[] };
    expect(inSwahili.sessions[0]).toMatchObject({ countryCode: 'FR', countryName: 'Ufaransa' });
    const log = (await (await asked('/account/logs')).json()) as { logs: { event: string; ip: string; countryCode: string; countryName: string }[] };
    expect(log.logs.find((entry) => entry.event === 'session.create')).toMatchObject({ ip: FRANCE, countryCode: 'FR', countryName: 'Ufaransa' });
  });
});
