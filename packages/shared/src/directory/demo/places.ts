// Place names for the fictional Republic of Marisola. Fixed showcase names (always used) contain
// the words that separate route parts (in, of, from, the, region, Candidates) plus apostrophes,
// hyphens, non-ASCII letters and two-letter names; the rest are built from seeded syllables.

import type { Rng } from './prng.ts';

export interface RegionSeed {
  name: string;
  code: string;
}

export const REGIONS: readonly RegionSeed[] = [
  { name: 'Land in the Hills', code: 'LH' },
  { name: 'Great Lakes Region', code: 'GL' },
  { name: "Côte d'Émeraude", code: 'CE' },
  { name: 'Bo', code: 'BO' },
];

export const SUBREGIONS: readonly string[] = [
  'West of the River', 'Upper Ñandú Valley', 'Øvre Fjeld', 'Ng', 'Candidates Plateau',
  'Heartland', 'Mbéré-Kasai', 'Coast from the Sea', 'Northern Border Region', "Ma'ulu",
  'Lowlands of the South', 'Ŋaro Highlands', 'Đồng Xanh', 'In the Reeds', 'Sainte-Hélène',
  'Kɔkɔ Savannah',
];

/** District names that every seed uses. */
export const SPECIAL_DISTRICTS: readonly string[] = [
  'Heart of the Valley', 'Candidates Crossing', "Ng'ambo", 'Đông Hải', 'Port of the Region',
  'Ŋoma-Kati', 'Sainte-Anne-des-Monts', 'Ou', 'Rivers from the North', 'Down in the Delta',
  'Mont-Ørsted', 'Kɔkɔ Bay', 'São Tomás', 'The Candidates', 'Region Falls', "O'Kuru",
  'Bo',
];

/** Electoral-area names that every seed uses. */
export const SPECIAL_AREAS: readonly string[] = [
  'Market from the Sea', 'Candidates Corner', 'Top of the Town', 'Gate in the Wall',
  'Old Region Quarter', 'From-Beyond', 'Ward of the Candidates', "N'Djili", "O'Mara Heights",
  'Bé', 'Ng', 'Øst-Kanto', 'Ŋaba-Ŋaba', 'Isle of the Hills', 'Saint-Éloi', 'Candidates of the Lakes',
  'Far from the Region', 'Lake in the Clouds', 'Ñuñoa', 'Jɛnɛ',
];

const SYLLABLES: readonly string[] = [
  'ka', 'ma', 'lo', 'ne', 'zi', 'mbe', 'ŋo', 'tɔ', 'ri', 'sa', 'wé', 'dü', 'ña', 'ko', 'bu', 'ta',
  'li', 'go', 'ré', 'ba', 'ndu', 'kwa', 'shi', 'mo', 'se', 'ya', 'kɛ', 'fu', 'no', 'lé', 'ha', 'ju',
  'we', 'ra', 'to', 'ø', 'mi', 'nya', 'sé', 'da',
];

const FEATURES: readonly string[] = [
  'Hills', 'Valley', 'Lake', 'River', 'Sea', 'Plains', 'Forest', 'Springs', 'Marsh', 'Ridge',
  'Falls', 'Bay', 'Coast', 'Highlands', 'Mountains', 'Delta',
];
const DIRECTIONS: readonly string[] = ['North', 'South', 'East', 'West', 'Central'];
const PREFIXES: readonly string[] = ['Upper', 'Lower', 'New', 'Old', 'Mount', 'Port', 'Lake', 'Greater'];
const TRAILERS: readonly string[] = ['Town', 'Market', 'Junction', 'Hills', 'Bay', 'Heights', 'Gardens'];

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A made-up word of 1–3 syllables, e.g. "Kasama", "Ŋotɔ", "Ka". */
export function root(rng: Rng, minSyllables = 2): string {
  const n = rng.range(minSyllables, 3);
  let w = '';
  for (let i = 0; i < n; i++) w += rng.pick(SYLLABLES);
  return capitalise(w);
}

/** A generated place name, following one of several patterns. */
export function placeName(rng: Rng): string {
  const r = rng.next();
  if (r < 0.34) return root(rng);
  if (r < 0.52) return `${root(rng)} ${rng.pick(DIRECTIONS)}`;
  if (r < 0.62) return `${root(rng)}-${root(rng)}`;
  if (r < 0.74) return `${rng.pick(PREFIXES)} ${root(rng)}`;
  if (r < 0.8) return `${root(rng)} ${rng.pick(TRAILERS)}`;
  if (r < 0.84) return `${root(rng)} of the ${rng.pick(FEATURES)}`;
  if (r < 0.87) return `${root(rng)} in the ${rng.pick(FEATURES)}`;
  if (r < 0.9) return `${root(rng)} from the ${rng.pick(FEATURES)}`;
  if (r < 0.94) return `${root(rng)}'s ${rng.pick(TRAILERS)}`;
  if (r < 0.97) return `${rng.chance(0.5) ? 'Saint' : 'Sainte'}-${root(rng)}`;
  return root(rng, 1);
}

/**
 * `count` distinct names: all of `special` first, then generated ones, in a seeded order.
 * Distinctness is by lower-cased name, so two areas never share a display name.
 */
export function placeNames(rng: Rng, special: readonly string[], count: number, avoid: Iterable<string> = []): string[] {
  const used = new Set<string>();
  for (const a of avoid) used.add(a.toLowerCase());
  const out: string[] = [];
  for (const s of special) {
    if (out.length >= count) break;
    out.push(s);
    used.add(s.toLowerCase());
  }
  while (out.length < count) {
    const n = placeName(rng);
    const key = n.toLowerCase();
    if (used.has(key)) continue;
    used.add(key);
    out.push(n);
  }
  return rng.shuffle(out);
}
