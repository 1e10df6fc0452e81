/**
 * Slugs in paths must round-trip (product §3): every URL built from a pattern parses back to the
 * same pattern and parameters, even when the names behind the slugs contain spaces, hyphens,
 * apostrophes, non-ASCII letters or the very words that separate a route's parts; and with the
 * entities that exist, resolveFirst picks the reading that was meant.
 */
import { slugify } from '@ballot-atlas/shared/directory/demo/slug';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPath, decodePath, patterns, readPath, resolveFirst, type PathReading, type PatternName } from './urls';

const PATTERN_NAMES = Object.keys(patterns) as PatternName[];
const paramsOf = (name: PatternName): string[] => [...patterns[name].matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

// ---------------------------------------------------------------------------------------------
// Names and slugs

/** The words that separate the parts of the seed's routes, as they might appear in real names. */
const SEPARATOR_WORDS = ['in', 'of', 'from', 'the', 'region', 'Region', 'Candidates', 'candidates', 'sub-region', 'Sub-regions', 'Districts', 'Electoral', 'Area'];
/** Names of the kind the demo data has: accents, apostrophes, hyphens, letters outside Latin-1. */
const TRICKY_WORDS = ['Côte', "d'Émeraude", 'Ñandú', 'Øvre', 'Ŋaro', 'Đồng', 'Kɔkɔ', 'Adébáyọ̀', "Ma'ulu", 'Sainte-Hélène', 'O’Brien', 'Straße', 'Zürich', 'Ng', 'Bo', 'Mbéré-Kasai'];
/** Whole separators of the route table, so that slugs like `a-candidates-of-the-b` come up often. */
const SEPARATOR_PHRASES = ['Candidates of the', 'candidates of the', 'sub-region of', 'in the', 'from the', 'Region of the', 'Districts in', 'Electoral Area in'];
const LETTERS = [...'abcdefghijklmnopqrstuvwxyzéèñøłåçŋɔ'];

const plainWord = fc.string({ unit: fc.constantFrom(...LETTERS), minLength: 1, maxLength: 7 });
const word = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SEPARATOR_WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...SEPARATOR_PHRASES) },
  { weight: 2, arbitrary: fc.constantFrom(...TRICKY_WORDS) },
  { weight: 3, arbitrary: plainWord },
);
const joiner = fc.constantFrom(' ', ' ', '-', ' - ', "'", '’', ', ', '  ');

/** A display name: one to five words joined by spaces, hyphens, apostrophes… */
const displayName = fc
  .array(fc.tuple(word, joiner), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.map(([text, join], index) => (index === 0 ? text : join + text)).join(''));

/** A slug made the way the directory makes them (packages/shared/src/directory/demo/slug.ts). */
const slug = displayName.map(slugify).filter((value) => value !== '');

/** Candidate and party ids: Appwrite ids (letters, digits, . and _), like the demo's `c0000740`. */
const documentId = fc.oneof(fc.stringMatching(/^c\d{7}$/), fc.stringMatching(/^[a-z0-9][a-z0-9._]{0,11}$/));

function paramArbitrary(pattern: PatternName, param: string): fc.Arbitrary<string> {
  if (pattern === 'candidate' && param === 'candidate') return documentId;
  if (pattern === 'party') return fc.oneof(documentId, slug);
  if (pattern === 'districtCandidates' && param === 'office') return fc.oneof(fc.constant('All'), slug);
  if (pattern === 'candidate' && param === 'location') return fc.oneof(fc.constant('national'), slug);
  return slug;
}

const reading: fc.Arbitrary<PathReading> = fc.constantFrom(...PATTERN_NAMES).chain((name) =>
  fc.record(Object.fromEntries(paramsOf(name).map((param) => [param, paramArbitrary(name, param)]))).map((params) => ({ name, params }) as PathReading),
);

describe('slug generator (sanity)', () => {
  it('produces separator words, hyphens and non-ASCII letters inside slugs', () => {
    const sample = fc.sample(slug, { numRuns: 2000, seed: 42 });
    expect(sample.some((value) => /(^|-)(in|of|from|the|region|candidates|sub-region)(-|$)/.test(value))).toBe(true);
    expect(sample.some((value) => /[^\x00-\x7f]/.test(value))).toBe(true);
    expect(sample.some((value) => value.includes('-candidates-of-the-'))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Round trip

describe('buildPath → readPath round trip', () => {
  it('every built URL reads back with the same pattern and parameters', () => {
    fc.assert(
      fc.property(reading, (intended) => {
        const path = buildPath(intended.name, intended.params as never);
        expect(readPath(path)).toContainEqual(intended);
      }),
      { numRuns: 3000 },
    );
  });

  it('every reading of a built URL builds that same URL again (readings are never invented)', () => {
    fc.assert(
      fc.property(reading, (intended) => {
        const path = buildPath(intended.name, intended.params as never);
        for (const other of readPath(path)) {
          for (const value of Object.values(other.params)) expect(value).not.toBe('');
          expect(buildPath(other.name, other.params as never)).toBe(path);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Resolution against the entities that exist

interface World {
  regions: Set<string>;
  /** sub-region slug → region slug */
  subregions: Map<string, string>;
  /** district slug → sub-region slug */
  districts: Map<string, string>;
  /** electoral-area slug → district slug */
  areas: Map<string, string>;
  offices: Set<string>;
  /** candidate id → location slug */
  candidates: Map<string, string>;
  parties: Set<string>;
}

const regionOfDistrict = (world: World, district: string): string | undefined => world.regions.has(world.subregions.get(world.districts.get(district) ?? '') ?? '') ? world.subregions.get(world.districts.get(district)!) : undefined;

/** Whether a reading's entities exist and belong together — what the site's loaders check. */
function exists(world: World, { name, params }: PathReading): boolean {
  const p = params as Record<string, string>;
  switch (name) {
    case 'region':
    case 'subregionsOfRegion':
      return world.regions.has(p['region']!);
    case 'districtsOfSubregion':
      return world.subregions.get(p['subregion']!) === p['region'] && world.regions.has(p['region']!);
    case 'areasOfDistrict':
      return world.districts.has(p['district']!);
    case 'areasOfDistrictInSubregion':
      return world.districts.get(p['district']!) === p['subregion'] && world.subregions.get(p['subregion']!) === p['region'] && world.regions.has(p['region']!);
    case 'districtCandidates':
      return world.districts.has(p['district']!) && (p['office'] === 'All' || world.offices.has(p['office']!));
    case 'candidatesOfArea': {
      const district = world.areas.get(p['area']!);
      return district !== undefined && regionOfDistrict(world, district) === p['region'];
    }
    case 'candidate':
      return world.candidates.get(p['candidate']!) === p['location'];
    case 'party':
      return world.parties.has(p['party']!);
    case 'results':
      // Elections are not part of this world: any election slug stands.
      return world.offices.has(p['office']!) && (p['place'] === 'national' || world.regions.has(p['place']!) || world.districts.has(p['place']!) || world.areas.has(p['place']!));
  }
}

/** A small directory whose slugs are full of separator words, plus one URL of each kind into it. */
const world: fc.Arbitrary<World> = fc
  .record({
    regions: fc.uniqueArray(slug, { minLength: 1, maxLength: 4 }),
    subregions: fc.uniqueArray(fc.tuple(slug, fc.nat()), { minLength: 1, maxLength: 5, selector: ([value]) => value }),
    districts: fc.uniqueArray(fc.tuple(slug, fc.nat()), { minLength: 1, maxLength: 6, selector: ([value]) => value }),
    areas: fc.uniqueArray(fc.tuple(slug, fc.nat()), { minLength: 1, maxLength: 8, selector: ([value]) => value }),
    offices: fc.uniqueArray(slug, { minLength: 1, maxLength: 3 }),
    candidates: fc.uniqueArray(fc.tuple(documentId, fc.nat()), { minLength: 1, maxLength: 6, selector: ([value]) => value }),
    parties: fc.uniqueArray(fc.oneof(documentId, slug), { minLength: 1, maxLength: 3 }),
  })
  .map((raw) => {
    const pick = <T,>(list: readonly T[], n: number): T => list[n % list.length]!;
    const subregions = new Map(raw.subregions.map(([value, n]) => [value, pick(raw.regions, n)]));
    const districts = new Map(raw.districts.map(([value, n]) => [value, pick([...subregions.keys()], n)]));
    const areas = new Map(raw.areas.map(([value, n]) => [value, pick([...districts.keys()], n)]));
    const locations = ['national', ...raw.regions, ...districts.keys(), ...areas.keys()];
    return {
      regions: new Set(raw.regions),
      subregions,
      districts,
      areas,
      offices: new Set(raw.offices),
      candidates: new Map(raw.candidates.map(([id, n]) => [id, pick(locations, n)])),
      parties: new Set(raw.parties),
    };
  });

/** Every URL the site would link to in this world, as the reading it was built from. */
function urlsOf(w: World): PathReading[] {
  const out: PathReading[] = [];
  for (const region of w.regions) out.push({ name: 'region', params: { region } }, { name: 'subregionsOfRegion', params: { region } });
  for (const [subregion, region] of w.subregions) out.push({ name: 'districtsOfSubregion', params: { subregion, region } });
  for (const [district, subregion] of w.districts) {
    out.push({ name: 'areasOfDistrict', params: { district } }, { name: 'districtCandidates', params: { office: 'All', district } });
    for (const office of w.offices) out.push({ name: 'districtCandidates', params: { office, district } });
    out.push({ name: 'areasOfDistrictInSubregion', params: { district, subregion, region: w.subregions.get(subregion)! } });
  }
  for (const [area, district] of w.areas) out.push({ name: 'candidatesOfArea', params: { area, region: regionOfDistrict(w, district)! } });
  for (const [candidate, location] of w.candidates) out.push({ name: 'candidate', params: { candidate, location } });
  for (const party of w.parties) out.push({ name: 'party', params: { party } });
  for (const office of w.offices) for (const place of ['national', ...w.areas.keys()]) out.push({ name: 'results', params: { election: 'general-2026', office, place } });
  return out as PathReading[];
}

/** resolveFirst with a lookup that only knows which entities exist, as the loaders do. */
async function resolveIn(w: World, path: string): Promise<PathReading | null> {
  return resolveFirst(readPath(path), async (candidate) => (exists(w, candidate) ? candidate : null));
}

describe('resolveFirst with the entities that exist', () => {
  it('picks the intended reading of every URL of a directory full of separator words', async () => {
    let conflicts = 0;
    let checked = 0;
    let ambiguous = 0;
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        for (const intended of urlsOf(w)) {
          const path = buildPath(intended.name, intended.params as never);
          // Two different entities owning the same URL is a data conflict, not a parsing one:
          // it happens only if another reading *also* names existing entities. Skip those.
          const rivals = readPath(path).filter((other) => exists(w, other) && JSON.stringify(other) !== JSON.stringify(intended));
          if (rivals.length > 0) {
            conflicts++;
            continue;
          }
          checked++;
          if (readPath(path).length > 1) ambiguous++;
          expect(await resolveIn(w, path)).toEqual(intended);
        }
      }),
      { numRuns: 400 },
    );
    expect(checked).toBeGreaterThan(1000);
    // The generator must actually exercise ambiguity: many URLs have several readings.
    expect(ambiguous, `${ambiguous} of ${checked} URLs had more than one reading`).toBeGreaterThan(checked / 10);
    expect(conflicts).toBeLessThan(checked / 20);
  });

  it('a URL whose entities do not exist resolves to nothing', async () => {
    await fc.assert(
      fc.asyncProperty(world, reading, async (w, other) => {
        fc.pre(!readPath(buildPath(other.name, other.params as never)).some((candidate) => exists(w, candidate)));
        expect(await resolveIn(w, buildPath(other.name, other.params as never))).toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The ambiguous cases, by example

const emptyWorld = (): World => ({
  regions: new Set(), subregions: new Map(), districts: new Map(), areas: new Map(), offices: new Set(), candidates: new Map(), parties: new Set(),
});

describe('ambiguous paths', () => {
  it('/{lev1}-region: a region whose own name ends in "Region" keeps it', () => {
    expect(buildPath('region', { region: slugify('Great Lakes Region') })).toBe('/great-lakes-region-region');
    expect(readPath('/great-lakes-region-region')).toEqual([{ name: 'region', params: { region: 'great-lakes-region' } }]);
  });

  it('/{ea}-candidates-of-the-{reg}-region vs /{lev1}-region: the entities decide', async () => {
    const path = '/sadü-candidates-of-the-land-in-the-hills-region';
    const area = { name: 'candidatesOfArea', params: { area: 'sadü', region: 'land-in-the-hills' } };
    const region = { name: 'region', params: { region: 'sadü-candidates-of-the-land-in-the-hills' } };
    expect(readPath(encodeURI(path))).toEqual([area, region]);

    const withArea = emptyWorld();
    withArea.regions.add('land-in-the-hills');
    withArea.subregions.set('maulu', 'land-in-the-hills');
    withArea.districts.set('wesembe', 'maulu');
    withArea.areas.set('sadü', 'wesembe');
    expect(await resolveIn(withArea, encodeURI(path))).toEqual(area);

    const withOddRegion = emptyWorld();
    withOddRegion.regions.add(slugify('Sadü Candidates of the Land in the Hills'));
    expect(await resolveIn(withOddRegion, encodeURI(path))).toEqual(region);

    // The area exists, but in another region: not its candidates page.
    const elsewhere = emptyWorld();
    elsewhere.regions.add('land-in-the-hills').add('bo');
    elsewhere.subregions.set('ng', 'bo');
    elsewhere.districts.set('wesembe', 'ng');
    elsewhere.areas.set('sadü', 'wesembe');
    expect(await resolveIn(elsewhere, encodeURI(path))).toBeNull();
  });

  it('an area whose name contains "Candidates of the" still reaches its candidates', async () => {
    const areaSlug = slugify('East Candidates of the Lake');
    const path = buildPath('candidatesOfArea', { area: areaSlug, region: 'bo' });
    expect(path).toBe('/east-candidates-of-the-lake-candidates-of-the-bo-region');
    expect(readPath(path)).toEqual([
      { name: 'candidatesOfArea', params: { area: 'east', region: 'lake-candidates-of-the-bo' } },
      { name: 'candidatesOfArea', params: { area: areaSlug, region: 'bo' } },
      { name: 'region', params: { region: 'east-candidates-of-the-lake-candidates-of-the-bo' } },
    ]);
    const w = emptyWorld();
    w.regions.add('bo');
    w.subregions.set('ng', 'bo');
    w.districts.set('d', 'ng');
    w.areas.set(areaSlug, 'd').set('east', 'd');
    expect(await resolveIn(w, path)).toEqual({ name: 'candidatesOfArea', params: { area: areaSlug, region: 'bo' } });
  });

  it('a region called "… Region": /Sub-regions-in-{lv1} is not read as a region page', async () => {
    const path = buildPath('subregionsOfRegion', { region: 'northern-border-region' });
    expect(path).toBe('/Sub-regions-in-northern-border-region');
    const readings = readPath(path);
    expect(readings).toContainEqual({ name: 'subregionsOfRegion', params: { region: 'northern-border-region' } });
    const w = emptyWorld();
    w.regions.add('northern-border-region');
    expect(await resolveIn(w, path)).toEqual({ name: 'subregionsOfRegion', params: { region: 'northern-border-region' } });
  });

  it('/candidate/{id}-from-{loc}: a location containing "from"', async () => {
    const path = buildPath('candidate', { candidate: 'c0000740', location: slugify('Coast from the Sea') });
    expect(readPath(path)).toEqual([
      { name: 'candidate', params: { candidate: 'c0000740', location: 'coast-from-the-sea' } },
      { name: 'candidate', params: { candidate: 'c0000740-from-coast', location: 'the-sea' } },
    ]);
    const w = emptyWorld();
    w.candidates.set('c0000740', 'coast-from-the-sea');
    expect(await resolveIn(w, path)).toEqual({ name: 'candidate', params: { candidate: 'c0000740', location: 'coast-from-the-sea' } });
  });

  it('/districts/Electoral-Area-in-{dist}-in-{sub}-sub-region-of-{reg}: "in" and "sub-region" inside names', async () => {
    const district = slugify('Lakes in the Hills');
    const subregion = slugify('In the Reeds');
    const region = slugify('Northern Border Region');
    const path = buildPath('areasOfDistrictInSubregion', { district, subregion, region });
    expect(path).toBe('/districts/Electoral-Area-in-lakes-in-the-hills-in-in-the-reeds-sub-region-of-northern-border-region');
    expect(readPath(path).length).toBeGreaterThan(1);
    const w = emptyWorld();
    w.regions.add(region);
    w.subregions.set(subregion, region);
    w.districts.set(district, subregion);
    expect(await resolveIn(w, path)).toEqual({ name: 'areasOfDistrictInSubregion', params: { district, subregion, region } });
  });

  it('/districts/{select}-Candidates-of-{dist}: the literal is case-sensitive, slugs are lower-case', () => {
    const path = buildPath('districtCandidates', { office: 'All', district: slugify('Candidates Plateau') });
    expect(path).toBe('/districts/All-Candidates-of-candidates-plateau');
    expect(readPath(path)).toEqual([{ name: 'districtCandidates', params: { office: 'All', district: 'candidates-plateau' } }]);
  });

  it('non-ASCII slugs are percent-encoded and decoded back', () => {
    const path = buildPath('region', { region: slugify("Côte d'Émeraude") });
    expect(path).toBe('/c%C3%B4te-d%C3%A9meraude-region');
    expect(readPath(path)).toEqual([{ name: 'region', params: { region: 'côte-démeraude' } }]);
  });

  it('malformed encodings, empty parts and extra segments read as nothing', () => {
    expect(readPath('/%E0%A4%A-region')).toEqual([]);
    expect(readPath('/-region')).toEqual([]);
    expect(readPath('/a/b-region')).toEqual([]);
    expect(readPath('/candidate/-from-x')).toEqual([]);
    expect(readPath('/Regions')).toEqual([]);
  });

  it('hostile paths read as nothing: invalid UTF-8, control characters, more than any slug allows', () => {
    expect(readPath('/Sub-regions-in-%ED%A0%80')).toEqual([]);
    expect(readPath('/ElectoralArea-in-a%00b')).toEqual([]);
    expect(readPath('/ElectoralArea-in-a%0Ab')).toEqual([]);
    expect(readPath(`/${'x'.repeat(10_000)}-region`)).toEqual([]);
    expect(decodePath('/a%00b')).toBeNull();
    expect(decodePath('/c%C3%B4te')).toBe('/côte');
  });

  it('a path full of separator words gets a bounded number of readings, quickly', () => {
    const path = `/districts/Electoral-Area-in-${'a-in-'.repeat(60)}b-sub-region-of-${'c-sub-region-of-'.repeat(20)}d`;
    const started = performance.now();
    const readings = readPath(path);
    expect(readings.length).toBeGreaterThan(0);
    expect(readings.length).toBeLessThanOrEqual(32);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
