import { en } from './catalogue.en.ts';
import { fr } from './catalogue.fr.ts';
import { sw } from './catalogue.sw.ts';
import type { Catalogue } from './catalogue-shape.ts';

export const catalogues: Record<string, Catalogue> = { en, fr, sw };

export const fallbackCatalogue = en;

/** The catalogue for a language tag, by its primary subtag (`fr-CA` → `fr`); English when there is none. */
export function catalogueFor(language: string): Catalogue {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return Object.hasOwn(catalogues, primary) ? catalogues[primary]! : fallbackCatalogue;
}
