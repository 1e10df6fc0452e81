// Offices, elections and political parties: small fixed lists with a few seeded details.

import type { Geography } from './geography.ts';
import { COUNTRY, FEMALE_GIVEN, IDEOLOGIES, MALE_GIVEN, SURNAMES } from './names.ts';
import { Rng } from './prng.ts';
import { slugify } from './slug.ts';
import { iso } from './time.ts';
import type { DemoRecord } from './types.ts';

export type OfficeLevel = 'national' | 'region' | 'district' | 'electoral_area';

export interface Office {
  id: string;
  name: string;
  /** Short, route-friendly code (used in /districts/{select}-Candidates-of-{dist}); never "All". */
  slug: string;
  level: OfficeLevel;
  seats: number;
  order: number;
  description: string;
  /** Only women stand for this office. */
  womenOnly: boolean;
}

export const OFFICES: readonly Office[] = [
  {
    id: 'o1', name: 'President', slug: 'President', level: 'national', seats: 1, order: 1, womenOnly: false,
    description: `Head of state and of government of ${COUNTRY}, elected nationwide for a five-year term.`,
  },
  {
    id: 'o2', name: 'Regional Governor', slug: 'Governor', level: 'region', seats: 1, order: 2, womenOnly: false,
    description: 'Heads the regional administration; one per region.',
  },
  {
    id: 'o3', name: 'District Chief Executive', slug: 'DCE', level: 'district', seats: 1, order: 3, womenOnly: false,
    description: 'Leads the district assembly\u2019s executive; one per district.',
  },
  {
    id: 'o4', name: 'District Woman Representative', slug: 'DWR', level: 'district', seats: 1, order: 4, womenOnly: true,
    description: 'A reserved parliamentary seat for a woman elected district-wide.',
  },
  {
    id: 'o5', name: 'Member of Parliament', slug: 'MP', level: 'electoral_area', seats: 1, order: 5, womenOnly: false,
    description: 'Represents one electoral area in the National Assembly.',
  },
  {
    id: 'o6', name: 'Assembly Member', slug: 'AM', level: 'electoral_area', seats: 1, order: 6, womenOnly: false,
    description: 'Represents one electoral area in the district assembly.',
  },
];

export interface Election {
  id: string;
  name: string;
  slug: string;
  date: string;
  status: 'upcoming' | 'ongoing' | 'concluded';
  description: string;
  /** Fraction of the demo's candidates standing in this election, by office id. */
  candidatesPerRace: Readonly<Record<string, number>>;
}

/** The current election comes first; the concluded one has results. */
export const ELECTIONS: readonly Election[] = [
  {
    id: 'e1',
    name: '2027 General Election',
    slug: '2027-general-election',
    date: iso(2027, 3, 4),
    status: 'upcoming',
    description:
      `Presidential, parliamentary and local elections in ${COUNTRY} on 4 March 2027. ` +
      'Sample data for a fictional country.',
    candidatesPerRace: { o1: 9, o2: 4, o3: 3.5, o4: 2.5, o5: 2.2, o6: 1.2 },
  },
  {
    id: 'e2',
    name: '2022 General Election',
    slug: '2022-general-election',
    date: iso(2022, 3, 3),
    status: 'concluded',
    description: `The previous general election in ${COUNTRY}, held on 3 March 2022 (sample results).`,
    candidatesPerRace: { o1: 7, o2: 3, o3: 3, o4: 1.5 },
  },
];

export interface Party {
  id: string;
  name: string;
  abbreviation: string;
  slug: string;
  colour: string;
  founded: number;
  ideology: string;
  motto: string;
}

const PARTY_SEEDS: readonly Omit<Party, 'id' | 'slug' | 'ideology'>[] = [
  { name: "People's Progressive Party", abbreviation: 'PPP', colour: '#1b7f3b', founded: 1961, motto: 'Progress for every village.' },
  { name: 'Mouvement Démocratique Uni', abbreviation: 'MDU', colour: '#c0392b', founded: 1990, motto: 'Unis pour la démocratie.' },
  { name: 'Green-Earth Alliance', abbreviation: 'GEA', colour: '#2ecc71', founded: 2009, motto: 'Land, water, future.' },
  { name: 'Chama cha Umoja', abbreviation: 'CCU', colour: '#f1c40f', founded: 1977, motto: 'Umoja ni nguvu.' },
  { name: 'Party of the Coast and Hills', abbreviation: 'PCH', colour: '#2980b9', founded: 1994, motto: 'From the coast to the hills, one people.' },
  { name: "Ŋaro Workers' Union", abbreviation: 'NWU', colour: '#8e44ad', founded: 2002, motto: 'Fair work, fair pay.' },
  { name: "Citizens' Reform Movement", abbreviation: 'CRM', colour: '#e67e22', founded: 2015, motto: 'Clean government now.' },
  { name: 'Nouvelle Force Républicaine', abbreviation: 'NFR', colour: '#34495e', founded: 2019, motto: 'Une force nouvelle.' },
];

export function buildParties(seed: number): Party[] {
  const rng = new Rng(seed, 'parties');
  const ideologies = rng.shuffle([...IDEOLOGIES]);
  return PARTY_SEEDS.map((p, i) => ({ ...p, id: `p${i + 1}`, slug: slugify(p.name), ideology: ideologies[i % ideologies.length] as string }));
}

export function* institutionRecords(seed: number, geo: Geography, parties: readonly Party[]): Generator<DemoRecord> {
  for (const o of OFFICES) {
    yield {
      collectionId: 'offices',
      documentId: o.id,
      data: { name: o.name, slug: o.slug, level: o.level, seats: o.seats, order: o.order, description: o.description },
    };
  }
  const rng = new Rng(seed, 'party-details');
  for (const p of parties) {
    const leader = `${rng.pick(rng.chance(0.5) ? FEMALE_GIVEN : MALE_GIVEN)} ${rng.pick(SURNAMES)}`;
    const hq = rng.pick(geo.districts);
    yield {
      collectionId: 'parties',
      documentId: p.id,
      data: {
        name: p.name,
        abbreviation: p.abbreviation,
        slug: p.slug,
        colour: p.colour,
        logoFileId: `logo-${p.id}`,
        founded: p.founded,
        leader,
        headquarters: `${p.abbreviation} House, ${hq.name}, ${hq.region.name}`,
        website: `https://${p.abbreviation.toLowerCase()}.example.org/`,
        ideology: p.ideology,
        description:
          `The ${p.name} (${p.abbreviation}) was founded in ${p.founded}. Its motto: \u201c${p.motto}\u201d ` +
          `It is led by ${leader}. This party is fictional (sample data for ${COUNTRY}).`,
      },
    };
  }
  for (const e of ELECTIONS) {
    yield {
      collectionId: 'elections',
      documentId: e.id,
      data: { name: e.name, slug: e.slug, date: e.date, status: e.status, description: e.description },
    };
  }
}
