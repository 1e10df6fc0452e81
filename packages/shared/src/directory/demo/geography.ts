// The four-level area hierarchy (region → sub-region → district → electoral area). It is small
// (≈640 records) and fixed in size for every DemoSize, so it is built in memory.

import type { PlaceShape } from './boundaries.ts';
import { buildBoundaries } from './boundaries.ts';
import { COUNTRY } from './names.ts';
import { placeNames, REGIONS, SPECIAL_AREAS, SPECIAL_DISTRICTS, SUBREGIONS } from './places.ts';
import { Rng, splitCount } from './prng.ts';
import { SlugRegistry, slugify } from './slug.ts';
import type { DemoRecord } from './types.ts';

export const REGION_COUNT = REGIONS.length; // 4
export const SUBREGION_COUNT = SUBREGIONS.length; // 16
export const DISTRICT_COUNT = 120;
export const AREA_COUNT = 500;

export type DistrictKind = 'district' | 'city' | 'municipality';
export type AreaKind = 'constituency' | 'county' | 'municipality' | 'division' | 'sub-county' | 'parish' | 'ward';

export interface Region {
  id: string;
  name: string;
  slug: string;
  code: string;
  order: number;
  population: number;
  registeredVoters: number;
  subregions: Subregion[];
}

export interface Subregion {
  id: string;
  name: string;
  slug: string;
  region: Region;
  districts: District[];
}

export interface District {
  id: string;
  name: string;
  slug: string;
  kind: DistrictKind;
  population: number;
  registeredVoters: number;
  subregion: Subregion;
  region: Region;
  areas: Area[];
}

export interface Area {
  id: string;
  name: string;
  slug: string;
  kind: AreaKind;
  code: string;
  registeredVoters: number;
  pollingStations: number;
  district: District;
}

export interface Geography {
  regions: Region[];
  subregions: Subregion[];
  districts: District[];
  areas: Area[];
  registeredVoters: number;
  /** Boundary and centroid of every place, by record id. */
  shapes: Map<string, PlaceShape>;
}

const AREA_KINDS: readonly AreaKind[] = ['constituency', 'county', 'municipality', 'division', 'sub-county', 'parish', 'ward'];
const AREA_KIND_WEIGHTS: readonly number[] = [40, 10, 8, 10, 12, 10, 10];

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

export function buildGeography(seed: number): Geography {
  const rng = new Rng(seed, 'geography');
  const regions: Region[] = [];
  const subregions: Subregion[] = [];
  const districts: District[] = [];
  const areas: Area[] = [];
  const slugs = { regions: new SlugRegistry(), subregions: new SlugRegistry(), districts: new SlugRegistry(), areas: new SlugRegistry() };

  const subPerRegion = splitCount(rng, SUBREGION_COUNT, REGION_COUNT, 3);
  const districtsPerSub = splitCount(rng, DISTRICT_COUNT, SUBREGION_COUNT, 4);
  const areasPerDistrict = splitCount(rng, AREA_COUNT, DISTRICT_COUNT, 2);
  const subNames = rng.shuffle([...SUBREGIONS]);
  const districtNames = placeNames(rng, SPECIAL_DISTRICTS, DISTRICT_COUNT);
  const areaNames = placeNames(rng, SPECIAL_AREAS, AREA_COUNT);

  REGIONS.forEach((seedRegion, ri) => {
    const region: Region = {
      id: `r${ri + 1}`,
      name: seedRegion.name,
      slug: slugs.regions.take(slugify(seedRegion.name)),
      code: seedRegion.code,
      order: ri + 1,
      population: 0,
      registeredVoters: 0,
      subregions: [],
    };
    regions.push(region);
    for (let s = 0; s < (subPerRegion[ri] ?? 0); s++) {
      const name = subNames[subregions.length] as string;
      const sub: Subregion = { id: `sr${pad(subregions.length + 1, 2)}`, name, slug: slugs.subregions.take(slugify(name)), region, districts: [] };
      subregions.push(sub);
      region.subregions.push(sub);
      for (let d = 0; d < (districtsPerSub[subregions.length - 1] ?? 0); d++) {
        const dname = districtNames[districts.length] as string;
        const r = rng.next();
        const kind: DistrictKind = r < 0.1 ? 'city' : r < 0.2 ? 'municipality' : 'district';
        const population = kind === 'city' ? rng.range(300_000, 1_400_000) : rng.range(40_000, 420_000);
        const district: District = {
          id: `d${pad(districts.length + 1, 3)}`,
          name: dname,
          slug: slugs.districts.take(slugify(dname)),
          kind,
          population,
          registeredVoters: 0,
          subregion: sub,
          region,
          areas: [],
        };
        districts.push(district);
        sub.districts.push(district);
        region.population += population;
        const nAreas = areasPerDistrict[districts.length - 1] ?? 0;
        const voterShares = splitCount(rng, Math.round(population * (0.5 + rng.next() * 0.1)), nAreas, 1);
        for (let a = 0; a < nAreas; a++) {
          const aname = areaNames[areas.length] as string;
          const registeredVoters = voterShares[a] ?? 0;
          const area: Area = {
            id: `ea${pad(areas.length + 1, 4)}`,
            name: aname,
            slug: slugs.areas.take(slugify(aname)),
            kind: rng.weighted(AREA_KINDS, AREA_KIND_WEIGHTS),
            code: `${region.code}-${pad(districts.length, 3)}-${pad(a + 1, 2)}`,
            registeredVoters,
            pollingStations: Math.max(1, Math.ceil(registeredVoters / rng.range(450, 700))),
            district,
          };
          areas.push(area);
          district.areas.push(area);
          district.registeredVoters += registeredVoters;
        }
        region.registeredVoters += district.registeredVoters;
      }
    }
  });

  const registeredVoters = regions.reduce((n, r) => n + r.registeredVoters, 0);
  return { regions, subregions, districts, areas, registeredVoters, shapes: buildBoundaries(seed, regions) };
}

/** 1234567 → "1,234,567" (no ICU, so the output never depends on the Node build). */
export const fmt = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function districtCount(region: Region): number {
  return region.subregions.reduce((n, s) => n + s.districts.length, 0);
}

/** The `boundary` (GeoJSON geometry as JSON text) and `centroid` attributes of a place's record. */
function shapeAttributes(geo: Geography, id: string): { boundary: string; centroid: [number, number] } {
  const shape = geo.shapes.get(id);
  if (!shape) throw new Error(`no boundary was generated for ${id}`);
  return { boundary: JSON.stringify(shape.boundary), centroid: shape.centroid };
}

export function* geographyRecords(geo: Geography): Generator<DemoRecord> {
  for (const r of geo.regions) {
    yield {
      collectionId: 'regions',
      documentId: r.id,
      data: {
        name: r.name,
        slug: r.slug,
        code: r.code,
        description:
          `${r.name} is one of the four regions of ${COUNTRY}, a fictional country (sample data). ` +
          `It has ${r.subregions.length} sub-regions, ${districtCount(r)} districts and ` +
          `${fmt(r.registeredVoters)} registered voters.`,
        population: r.population,
        order: r.order,
        ...shapeAttributes(geo, r.id),
      },
    };
  }
  for (const s of geo.subregions) {
    yield {
      collectionId: 'subregions',
      documentId: s.id,
      data: {
        name: s.name,
        slug: s.slug,
        regionId: s.region.id,
        description: `${s.name} is a sub-region of ${s.region.name} with ${s.districts.length} districts (sample data).`,
        ...shapeAttributes(geo, s.id),
      },
    };
  }
  for (const d of geo.districts) {
    yield {
      collectionId: 'districts',
      documentId: d.id,
      data: {
        name: d.name,
        slug: d.slug,
        kind: d.kind,
        subregionId: d.subregion.id,
        regionId: d.region.id,
        description:
          `${d.name} is a ${d.kind} in the ${d.subregion.name} sub-region of ${d.region.name}. ` +
          `It is divided into ${d.areas.length} electoral areas (sample data).`,
        population: d.population,
        ...shapeAttributes(geo, d.id),
      },
    };
  }
  for (const a of geo.areas) {
    yield {
      collectionId: 'electoral_areas',
      documentId: a.id,
      data: {
        name: a.name,
        slug: a.slug,
        kind: a.kind,
        districtId: a.district.id,
        subregionId: a.district.subregion.id,
        regionId: a.district.region.id,
        code: a.code,
        registeredVoters: a.registeredVoters,
        pollingStations: a.pollingStations,
        ...shapeAttributes(geo, a.id),
      },
    };
  }
}
