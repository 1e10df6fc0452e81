import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const directory = new URL('.', import.meta.url).pathname;
const languages = readdirSync(directory, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function load(language: string, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(directory, language, namespace), 'utf8')) as Record<string, unknown>;
}

describe('translation catalogues', () => {
  const namespaces = readdirSync(join(directory, 'en')).filter((file) => file.endsWith('.json'));

  it('ship English, French and Swahili', () => {
    expect(languages.sort()).toEqual(['en', 'fr', 'sw']);
  });

  for (const namespace of namespaces) {
    it(`${namespace} has the same keys and placeholders in every language`, () => {
      const english = load('en', namespace);
      const englishKeys = keysOf(english).sort();
      for (const language of languages.filter((code) => code !== 'en')) {
        const other = load(language, namespace);
        expect(keysOf(other).sort(), `${language}/${namespace}`).toEqual(englishKeys);
        for (const key of englishKeys) {
          const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
          const pick = (root: Record<string, unknown>) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], root);
          expect(placeholders(pick(other)), `${language}/${namespace}:${key}`).toEqual(placeholders(pick(english)));
        }
      }
    });

    it(`${namespace} has no empty strings`, () => {
      for (const language of languages) {
        const empty = keysOf(load(language, namespace)).filter((key) => {
          const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], load(language, namespace));
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `${language}/${namespace}`).toEqual([]);
      }
    });
  }
});
