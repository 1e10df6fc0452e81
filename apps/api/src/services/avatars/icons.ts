import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { browserTileSvg, cardTileSvg } from './brand-tile.ts';
import { browsers, creditCards, flagCodes } from './icon-sets.ts';
import type { Fit } from './render.ts';

/** One of the three icon sets: its codes, how its icons fill a box, and where each icon's SVG comes from. */
export interface IconSet {
  codes: readonly string[];
  fit: Fit;
  svg(code: string): Promise<string>;
}

const flagsDir = join(dirname(createRequire(import.meta.url).resolve('country-flag-icons/package.json')), '3x2');

/** Flags ship with country-flag-icons: one 3:2 SVG file per country, read when first asked for. */
function flagSvg(code: string): Promise<string> {
  return readFile(join(flagsDir, `${code.toUpperCase()}.svg`), 'utf8');
}

function cached(draw: (code: string) => Promise<string>): (code: string) => Promise<string> {
  const drawn = new Map<string, Promise<string>>();
  return (code) => {
    let svg = drawn.get(code);
    if (!svg) drawn.set(code, (svg = draw(code)));
    return svg;
  };
}

export const iconSets = {
  browsers: { codes: Object.keys(browsers), fit: 'contain', svg: cached((code) => browserTileSvg(browsers[code]!)) },
  'credit-cards': { codes: Object.keys(creditCards), fit: 'contain', svg: cached((code) => cardTileSvg(creditCards[code]!)) },
  // Like Appwrite, a flag asked for in another shape is cropped to fill it.
  flags: { codes: flagCodes, fit: 'cover', svg: cached(flagSvg) },
} satisfies Record<string, IconSet>;
