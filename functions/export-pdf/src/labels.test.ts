import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './document-model.ts';
import { EVENT_KINDS, labelsFor, SITE_STRINGS } from './labels.ts';

const LOCALES = new URL('../../../apps/web/app/locales/', import.meta.url);

function siteString(language: string, key: string): unknown {
  const [namespace, path] = key.split(':') as [string, string];
  const catalogue = JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, LOCALES), 'utf8')) as Record<string, unknown>;
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('the export’s copies of the site’s strings', () => {
  for (const language of LANGUAGES) {
    it(`are the site’s own (${language})`, () => {
      for (const [key, text] of Object.entries(SITE_STRINGS[language])) expect(siteString(language, key), key).toBe(text);
      for (const [kind, text] of Object.entries(EVENT_KINDS[language])) expect(siteString(language, `calendar:kinds.${kind}`), kind).toBe(text);
    });
  }
});

describe('labelsFor', () => {
  it('numbers pages and counts in the export’s language', () => {
    expect(labelsFor('en').pageOf(2, 12)).toBe('Page 2 of 12');
    expect(labelsFor('fr').pageOf(2, 12)).toBe('Page 2 sur 12');
    expect(labelsFor('sw').pageOf(2, 12)).toBe('Ukurasa 2 kati ya 12');
    expect(labelsFor('en').candidateCount(1)).toBe('1 candidate');
    expect(labelsFor('en').candidateCount(1500)).toBe('1,500 candidates');
    expect(labelsFor('fr').candidateCount(1500)).toBe('1\u202f500 candidats');
    expect(labelsFor('sw').candidateCount(3)).toBe('Wagombea 3');
  });

  it('dates the export in its language', () => {
    const day = new Date('2027-03-04T10:00:00Z');
    expect(labelsFor('en').generated(day)).toBe('Generated March 4, 2027');
    expect(labelsFor('fr').generated(day)).toBe('Généré le 4 mars 2027');
    expect(labelsFor('sw').generated(day)).toMatch(/^Imetolewa 4 Machi 2027$/);
  });
});
