// Candidates, streamed one at a time. Candidates belong to races (election × office × area);
// there are ≈2,500 races whatever the size, and the requested candidate count is apportioned
// over them by seeded weights, so memory stays flat for a million candidates: the only state
// that grows is the slug registry, bounded by the number of distinct given-name × surname pairs.

import type { Area, District, Geography, Region } from './geography.ts';
import type { Election, Office, Party } from './institutions.ts';
import { ELECTIONS, OFFICES } from './institutions.ts';
import { COUNTRY, EDUCATION, FEMALE_GIVEN, MALE_GIVEN, OCCUPATIONS, SURNAMES } from './names.ts';
import { apportion, Rng } from './prng.ts';
import { SlugRegistry, slugify } from './slug.ts';
import { dayNumber, isoDay } from './time.ts';
import type { DemoRecord } from './types.ts';

export const DEMO_CANDIDATES = 3000;
export const LARGE_CANDIDATES = 1_000_000;
export const MAX_CANDIDATES = 10_000_000;

export interface Race {
  election: Election;
  office: Office;
  region: Region | null;
  district: District | null;
  area: Area | null;
  /** Registered voters in the race's area (the whole country for national offices). */
  voters: number;
  weight: number;
  count: number;
}

/** Every race of every election, each with a seeded weight (≈ its candidate count at 'demo' size). */
export function buildRaces(seed: number, geo: Geography): Race[] {
  const rng = new Rng(seed, 'races');
  const races: Race[] = [];
  for (const election of ELECTIONS) {
    for (const office of OFFICES) {
      const base = election.candidatesPerRace[office.id];
      if (base === undefined) continue;
      const add = (region: Region | null, district: District | null, area: Area | null, voters: number): void => {
        races.push({ election, office, region, district, area, voters, weight: base * (0.5 + rng.next()), count: 0 });
      };
      if (office.level === 'national') add(null, null, null, geo.registeredVoters);
      else if (office.level === 'region') for (const r of geo.regions) add(r, null, null, r.registeredVoters);
      else if (office.level === 'district') for (const d of geo.districts) add(d.region, d, null, d.registeredVoters);
      else for (const a of geo.areas) add(a.district.region, a.district, a, a.registeredVoters);
    }
  }
  return races;
}

/** Sets `count` on every race so that the counts sum to `total`. */
export function allocateCandidates(races: Race[], total: number): Race[] {
  const counts = apportion(total, races.map((r) => r.weight));
  races.forEach((r, i) => (r.count = counts[i] ?? 0));
  return races;
}

type Gender = 'female' | 'male' | 'other' | 'undisclosed';
const GENDERS: readonly Gender[] = ['female', 'male', 'other', 'undisclosed'];
const GENDER_WEIGHTS: readonly number[] = [44, 54, 1, 1];
const ANY_GIVEN: readonly string[] = [...FEMALE_GIVEN, ...MALE_GIVEN];

// Slugs of the pool entries, computed once: slugify(a + ' ' + b) === slugify(a) + '-' + slugify(b).
const slugMap = (list: readonly string[]): Map<string, string> => new Map(list.map((n) => [n, slugify(n)]));
const GIVEN_SLUG = slugMap(ANY_GIVEN);
const SURNAME_SLUG = slugMap(SURNAMES);
// "a teacher", "an imam": the occupation lower-cased with its article, computed once.
const WITH_ARTICLE: readonly string[] = OCCUPATIONS.map((o) => {
  const lc = o.charAt(0).toLowerCase() + o.slice(1);
  return `${/^(?:[aeio]|u(?!ni))/.test(lc) ? 'an' : 'a'} ${lc}`;
});
const WITH_ARTICLE_CAP: readonly string[] = WITH_ARTICLE.map((s) => s.charAt(0).toUpperCase() + s.slice(1));

const PRIORITIES: readonly string[] = [
  'clean water and better roads', 'lower school fees', 'jobs for young people', 'affordable health care',
  'support for farmers and fishers', 'an end to corruption', 'reliable electricity', 'safer markets',
  'land rights for families', 'more teachers and classrooms', 'digital services for every district',
  'protecting forests and rivers',
];

const SOCIAL: readonly ((id: string) => string)[] = [
  (id) => `https://social.example.com/${id}`,
  (id) => `https://video.example.net/@${id}`,
  (id) => `https://photos.example.org/u/${id}`,
  (id) => `https://chat.example.com/channel/${id}`,
];

const DOB_FIRST = dayNumber(1952, 1, 1);
const DOB_LAST = dayNumber(2001, 12, 31);

function placeOf(race: Race): string {
  return race.area?.name ?? race.district?.name ?? race.region?.name ?? COUNTRY;
}

/** Vote shares for a concluded race: skewed so there are clear winners and long tails. */
function results(rng: Rng, k: number, voters: number): { votes: number[]; percent: number[]; winner: number } {
  const weights: number[] = [];
  let sum = 0;
  for (let i = 0; i < k; i++) {
    const w = (rng.next() + 0.08) ** 2;
    weights.push(w);
    sum += w;
  }
  const turnout = Math.round(voters * (0.55 + rng.next() * 0.25));
  const votes = weights.map((w) => Math.round((turnout * w) / sum));
  const cast = votes.reduce((a, b) => a + b, 0);
  let winner = 0;
  for (let i = 1; i < k; i++) if ((votes[i] ?? 0) > (votes[winner] ?? 0)) winner = i;
  const percent = votes.map((v) => (cast === 0 ? 0 : Math.round((v * 10000) / cast) / 100));
  return { votes, percent, winner };
}

/** Small demo sets get portraits (about three candidates in twenty); a million generated images would be pointless. */
export const DEMO_PHOTO_LIMIT = 10_000;

/** FNV-1a of the id: which candidates have a portrait, without drawing from the data's random stream. */
export function hasDemoPhoto(candidateId: string): boolean {
  let hash = 0x811c9dc5;
  for (let index = 0; index < candidateId.length; index++) hash = Math.imul(hash ^ candidateId.charCodeAt(index), 0x01000193) >>> 0;
  return hash % 20 < 3;
}

export function demoPhotoFileId(candidateId: string): string {
  return `photo-${candidateId}`;
}

export function* candidateRecords(seed: number, races: readonly Race[], parties: readonly Party[], total: number): Generator<DemoRecord> {
  const rng = new Rng(seed, 'candidates');
  const slugs = new SlugRegistry();
  const width = Math.max(7, String(total).length);
  const partyOrder = [...parties];
  let serial = 0;

  for (const race of races) {
    const k = race.count;
    if (k === 0) continue;
    const { election, office } = race;
    const concluded = election.status === 'concluded';
    const outcome = concluded ? results(rng, k, race.voters) : null;
    rng.shuffle(partyOrder);
    const place = placeOf(race);
    const regionId = race.region?.id ?? '';
    const subregionId = race.district?.subregion.id ?? '';
    const districtId = race.district?.id ?? '';
    const electoralAreaId = race.area?.id ?? '';

    for (let i = 0; i < k; i++) {
      serial++;
      const id = `c${String(serial).padStart(width, '0')}`;
      const gender: Gender = office.womenOnly ? 'female' : rng.weighted(GENDERS, GENDER_WEIGHTS);
      const given = rng.pick(gender === 'female' ? FEMALE_GIVEN : gender === 'male' ? MALE_GIVEN : ANY_GIVEN);
      const surname = rng.pick(SURNAMES);
      const name = `${given} ${surname}`;
      const slug = slugs.take(`${GIVEN_SLUG.get(given)}-${SURNAME_SLUG.get(surname)}`);

      // A party stands at most one candidate per race until the parties run out; ~10% independents.
      const party = i < partyOrder.length && !rng.chance(0.1) ? partyOrder[i] : rng.chance(0.5) ? rng.pick(partyOrder) : undefined;
      const born = rng.range(DOB_FIRST, DOB_LAST);
      const oi = rng.int(OCCUPATIONS.length);
      const occupation = OCCUPATIONS[oi] as string;
      const aOccupation = WITH_ARTICLE[oi] as string;
      const p1 = rng.int(PRIORITIES.length);
      const standing = party ? `for the ${party.name}` : 'as an independent';
      const bio =
        (rng.chance(0.5)
          ? `${name} is ${aOccupation} from ${place}, standing for ${office.name} ${standing}. `
          : `${WITH_ARTICLE_CAP[oi] as string} by training, ${name} stands for ${office.name} in ${place} ${standing}. `) +
        `Campaign priorities: ${PRIORITIES[p1] as string} and ${PRIORITIES[(p1 + 1 + rng.int(PRIORITIES.length - 1)) % PRIORITIES.length] as string}. ` +
        'Fictional person (sample data).';
      const nLinks = rng.weighted([0, 1, 2, 3], [30, 35, 25, 10]);
      const first = rng.int(SOCIAL.length);
      const socialLinks: string[] = [];
      for (let l = 0; l < nLinks; l++) socialLinks.push((SOCIAL[(first + l) % SOCIAL.length] as (id: string) => string)(id));

      let status: string;
      let votes: number | null = null;
      let votePercent: number | null = null;
      if (outcome) {
        status = i === outcome.winner ? 'elected' : 'not_elected';
        votes = outcome.votes[i] ?? 0;
        votePercent = outcome.percent[i] ?? 0;
      } else {
        const r = rng.next();
        status = r < 0.04 ? 'withdrawn' : r < 0.06 ? 'disqualified' : 'nominated';
      }

      yield {
        collectionId: 'candidates',
        documentId: id,
        data: {
          name,
          slug,
          photoFileId: total <= DEMO_PHOTO_LIMIT && hasDemoPhoto(id) ? demoPhotoFileId(id) : '',
          partyId: party ? party.id : '',
          officeId: office.id,
          electionId: election.id,
          regionId,
          subregionId,
          districtId,
          electoralAreaId,
          ballotNumber: i + 1,
          gender,
          dateOfBirth: isoDay(born),
          occupation,
          education: rng.pick(EDUCATION),
          bio,
          website: rng.chance(0.25) ? `https://example.org/candidates/${id}` : null,
          socialLinks,
          status,
          votes,
          votePercent,
        },
      };
    }
  }
}
