// Deterministic demo data for Ballot Atlas: a fictional country (Marisola) shaped like a real
// one. generateDemo streams records in dependency order, collection by collection; the same
// (size, seed) always yields the same records.

import { allocateCandidates, buildRaces, candidateRecords, DEMO_CANDIDATES, LARGE_CANDIDATES, MAX_CANDIDATES } from './candidates.ts';
import { EVENT_COUNT, eventRecords } from './events.ts';
import { AREA_COUNT, buildGeography, DISTRICT_COUNT, geographyRecords, REGION_COUNT, SUBREGION_COUNT } from './geography.ts';
import { buildParties, ELECTIONS, institutionRecords, OFFICES } from './institutions.ts';
import { PAGE_COUNT, pageRecords } from './pages.ts';
import type { DemoPlan, DemoRecord, DemoSize } from './types.ts';

export type { DemoPlan, DemoRecord, DemoSize } from './types.ts';
export { slugify } from './slug.ts';
export { DEMO_KNOWN_LOCATION } from './known-location.ts';
export type { PlaceShape } from './boundaries.ts';

export const DEFAULT_SEED = 20270304;

/** The order in which collections are yielded (parents before children, candidates last). */
export const COLLECTION_ORDER = [
  'regions', 'subregions', 'districts', 'electoral_areas', 'offices', 'parties', 'elections',
  'events', 'pages', 'candidates', 'contact_messages',
] as const;

const PARTY_COUNT = 8;

export function candidateCount(size: DemoSize): number {
  if (size === 'demo') return DEMO_CANDIDATES;
  if (size === 'large') return LARGE_CANDIDATES;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0 || size > MAX_CANDIDATES) {
    throw new RangeError(`demo size must be 'demo', 'large' or an integer from 0 to ${MAX_CANDIDATES}, got ${String(size)}`);
  }
  return size;
}

function normaliseSeed(seed: number): number {
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${String(seed)}`);
  return Math.trunc(seed) >>> 0;
}

export function planDemo(size: DemoSize, seed: number = DEFAULT_SEED): DemoPlan {
  const candidates = candidateCount(size);
  return {
    size,
    seed: normaliseSeed(seed),
    counts: {
      regions: REGION_COUNT,
      subregions: SUBREGION_COUNT,
      districts: DISTRICT_COUNT,
      electoral_areas: AREA_COUNT,
      offices: OFFICES.length,
      parties: PARTY_COUNT,
      elections: ELECTIONS.length,
      events: EVENT_COUNT,
      pages: PAGE_COUNT,
      candidates,
      contact_messages: 0,
    },
  };
}

export function* generateDemo(size: DemoSize, seed: number = DEFAULT_SEED): Generator<DemoRecord> {
  const total = candidateCount(size);
  const s = normaliseSeed(seed);
  const geo = buildGeography(s);
  const parties = buildParties(s);
  if (parties.length !== PARTY_COUNT) throw new Error('party list out of sync with PARTY_COUNT');
  yield* geographyRecords(geo);
  yield* institutionRecords(s, geo, parties);
  yield* eventRecords(s, geo, parties);
  yield* pageRecords();
  const races = allocateCandidates(buildRaces(s, geo), total);
  yield* candidateRecords(s, races, parties, total);
}
