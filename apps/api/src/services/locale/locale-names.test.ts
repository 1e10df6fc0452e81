import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { byteOrder, namesIn } from './locale-names.ts';
import { resolveLocale } from './resolve-locale.ts';

describe('names in a locale', () => {
  it('answers in English for a listed locale CLDR has no data for', () => {
    for (const code of ['bh', 've', 'ts']) {
      expect(namesIn(code).tag, code).toBe('en');
      expect(namesIn(code).country('DE')).toBe('Germany');
      expect(namesIn(code).unknown).toBe('Unknown');
    }
  });

  it('reads Appwrite\'s non-standard codes as the languages they mean', () => {
    expect(namesIn('ua').country('DE')).toBe('Німеччина');
    expect(namesIn('ji').tag).toBe('yi');
  });

  it('names continents through their UN regions', () => {
    expect(['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'].map(namesIn('fr').continent)).toEqual(['Afrique', 'Antarctique', 'Asie', 'Europe', 'Amérique du Nord', 'Océanie', 'Amérique du Sud']);
  });

  it('orders by UTF-8 bytes, as PHP\'s strcmp', () => {
    expect(['Égypte', 'Zambie', 'Allemagne'].sort(byteOrder)).toEqual(['Allemagne', 'Zambie', 'Égypte']);
  });
});

describe('resolveLocale', () => {
  const config = loadConfig({ LANGUAGES: 'en,fr,sw', DEFAULT_LANGUAGE: 'en' });

  it('keeps a code Appwrite lists or a site language, else the default language', () => {
    expect(resolveLocale({ locale: 'fr-ca', config })).toBe('fr-ca');
    expect(resolveLocale({ locale: 'sw', config })).toBe('sw');
    expect(resolveLocale({ locale: 'fr-FR', config })).toBe('en');
    expect(resolveLocale({ locale: 'xx', config })).toBe('en');
    expect(resolveLocale({ locale: 'sw', config: loadConfig({ LANGUAGES: 'en,fr', DEFAULT_LANGUAGE: 'fr' }) })).toBe('fr');
  });
});
