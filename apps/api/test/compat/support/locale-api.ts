import * as appwrite17 from 'appwrite17';
import * as appwrite28 from 'appwrite28';
import type { Models } from 'appwrite28';
import type { SdkGeneration } from './sdk-generations.ts';

/** The Locale service as both SDK generations call it (the same argument-less methods). */
export interface LocaleApi {
  get(): Promise<Models.Locale>;
  listCodes(): Promise<Models.LocaleCodeList>;
  listContinents(): Promise<Models.ContinentList>;
  listCountries(): Promise<Models.CountryList>;
  listCountriesEU(): Promise<Models.CountryList>;
  listCountriesPhones(): Promise<Models.PhoneList>;
  listCurrencies(): Promise<Models.CurrencyList>;
  listLanguages(): Promise<Models.LanguageList>;
}

export interface LocaleClientOptions {
  /** `client.setLocale`: X-Appwrite-Locale. */
  locale?: string;
  /** Sent as X-Forwarded-For, which the test server (TRUST_PROXY=loopback) believes. */
  forwardedFor?: string;
}

/** A client of `sdk`'s generation with the options applied: its `Locale`, and a sign-in through it. */
export function localeClient(sdk: SdkGeneration, endpoint: string, project: string, options: LocaleClientOptions = {}) {
  const configure = <C extends { setLocale(locale: string): unknown; headers: Record<string, string> }>(client: C): C => {
    if (options.locale !== undefined) client.setLocale(options.locale);
    if (options.forwardedFor !== undefined) client.headers['X-Forwarded-For'] = options.forwardedFor;
    return client;
  };
  if (sdk.name === 'appwrite@17.0.2') {
    const client = configure(new appwrite17.Client().setEndpoint(endpoint).setProject(project));
    return {
      locale: new appwrite17.Locale(client) as unknown as LocaleApi,
      /** Signs in through this client, so the session is created from its address. */
      createEmailPasswordSession: (email: string, password: string) =>
        new appwrite17.Account(client).createEmailPasswordSession(email, password) as unknown as Promise<Models.Session>,
    };
  }
  const client = configure(new appwrite28.Client().setEndpoint(endpoint).setProject(project));
  return {
    locale: new appwrite28.Locale(client) as LocaleApi,
    createEmailPasswordSession: (email: string, password: string) => new appwrite28.Account(client).createEmailPasswordSession({ email, password }),
  };
}
