import { Query } from 'node-appwrite';
import type { CandidateRow, OfficeGroup, PartyBadge } from '../document-model.ts';
import type { DirectoryKind } from '../export-request.ts';
import type { Labels } from '../labels.ts';
import { ALL_OFFICES, sourcePath } from '../source-paths.ts';
import type { DirectoryReader } from './directory-reader.ts';
import { allOffices, currentElection } from './election.ts';
import { fetchPictures } from './pictures.ts';
import { ExportSubjectNotFound, ExportTooLarge, type LoadedExport } from './loaded-export.ts';
import type { Candidate, District, ElectoralArea, Office, Party, Region } from './records.ts';

/** Places on a ballot, area by area, then ballot number: the site's candidate list order (grouped-page.server.ts). */
const CANDIDATE_ORDER = ['regionId', 'districtId', 'electoralAreaId', 'ballotNumber', 'name'].map((attribute) => Query.orderAsc(attribute));
const CANDIDATE_FIELDS = ['$id', 'name', 'photoFileId', 'partyId', 'officeId', 'regionId', 'districtId', 'electoralAreaId', 'ballotNumber'];
const PLACE_FIELDS = ['name', 'slug'];

/** One office's race within the export, and the filter that selects its candidates. */
interface Race {
  office: Office;
  filter: string[];
}

/** What an export of one region, district, area or party covers, before its candidates are read. */
interface CandidateScope {
  title: string;
  subtitle: string[];
  sourcePath: string;
  races(offices: Office[]): Race[];
}

function levels(offices: Office[], wanted: readonly Office['level'][]): Office[] {
  return wanted.flatMap((level) => offices.filter((office) => office.level === level));
}

async function scopeOf(reader: DirectoryReader, kind: DirectoryKind, id: string, labels: Labels): Promise<CandidateScope> {
  const missing = () => new ExportSubjectNotFound(`No ${kind === 'area' ? 'electoral area' : kind} has the id "${id}".`);
  if (kind === 'area') {
    const area = await reader.get<ElectoralArea>('electoral_areas', id, ['name', 'slug', 'districtId', 'regionId']);
    if (!area) throw missing();
    const [district, region] = await Promise.all([reader.get<District>('districts', area.districtId, PLACE_FIELDS), reader.get<Region>('regions', area.regionId, PLACE_FIELDS)]);
    return {
      title: labels.areaTitle(area.name),
      subtitle: [[district?.name, region?.name].filter(Boolean).join(' · ')],
      sourcePath: region ? sourcePath('candidatesOfArea', { area: area.slug, region: region.slug }) : '/',
      // The area's own races first, then the district-wide ones its voters also choose (as on its page).
      races: (offices) => [
        ...levels(offices, ['electoral_area']).map((office) => ({ office, filter: [Query.equal('electoralAreaId', area.$id)] })),
        ...levels(offices, ['district']).map((office) => ({ office, filter: [Query.equal('districtId', area.districtId)] })),
      ],
    };
  }
  if (kind === 'district') {
    const district = await reader.get<District>('districts', id, ['name', 'slug', 'regionId']);
    if (!district) throw missing();
    const region = await reader.get<Region>('regions', district.regionId, PLACE_FIELDS);
    return {
      title: labels.districtTitle(district.name),
      subtitle: region ? [region.name] : [],
      sourcePath: sourcePath('districtCandidates', { office: ALL_OFFICES, district: district.slug }),
      races: (offices) => levels(offices, ['district', 'electoral_area']).map((office) => ({ office, filter: [Query.equal('districtId', district.$id)] })),
    };
  }
  if (kind === 'region') {
    const region = await reader.get<Region>('regions', id, PLACE_FIELDS);
    if (!region) throw missing();
    return {
      title: labels.areaTitle(region.name),
      subtitle: [],
      sourcePath: sourcePath('region', { region: region.slug }),
      races: (offices) => levels(offices, ['region', 'district', 'electoral_area']).map((office) => ({ office, filter: [Query.equal('regionId', region.$id)] })),
    };
  }
  const party = await reader.get<Party>('parties', id, ['name']);
  if (!party) throw missing();
  return {
    title: labels.partyTitle(party.name),
    subtitle: [],
    sourcePath: sourcePath('party', { party: party.$id }),
    races: (offices) => offices.map((office) => ({ office, filter: [Query.equal('partyId', party.$id)] })),
  };
}

/** The most specific place a candidate stands in, as the key and heading of their group. */
function placeKey(candidate: Candidate): string {
  return candidate.electoralAreaId || candidate.districtId || candidate.regionId || '';
}

async function placeNames(reader: DirectoryReader, candidates: readonly Candidate[]): Promise<Map<string, string>> {
  const [areas, districts, regions] = await Promise.all([
    reader.byIds<ElectoralArea>('electoral_areas', candidates.map((c) => c.electoralAreaId ?? ''), ['name']),
    reader.byIds<District>('districts', candidates.filter((c) => !c.electoralAreaId).map((c) => c.districtId ?? ''), ['name']),
    reader.byIds<Region>('regions', candidates.filter((c) => !c.electoralAreaId && !c.districtId).map((c) => c.regionId ?? ''), ['name']),
  ]);
  return new Map([...areas, ...districts, ...regions].map(([id, place]) => [id, place.name]));
}

async function partyBadges(reader: DirectoryReader): Promise<Map<string, PartyBadge>> {
  const parties = await reader.listAll<Party>('parties', [Query.orderAsc('name'), Query.select(['$id', 'name', 'abbreviation', 'colour', 'logoFileId'])]);
  const logos = await fetchPictures(reader, parties.map((party) => party.logoFileId ?? ''), 'logo');
  return new Map(parties.map((party) => [party.$id, { name: party.name, abbreviation: party.abbreviation, colour: party.colour, logo: (party.logoFileId && logos.get(party.logoFileId)) || null }]));
}

/** More rows than this is a book, not an export: about 900 pages. The 1M demo's largest district has about 8,300. */
export const MAX_EXPORT_CANDIDATES = 20_000;

/** An export of the candidates of a region, district, electoral area or party, in the current election. */
export async function loadCandidateExport(reader: DirectoryReader, kind: DirectoryKind, id: string, labels: Labels, progress: (message: string) => void = () => {}): Promise<LoadedExport> {
  const [scope, election, offices] = await Promise.all([scopeOf(reader, kind, id, labels), currentElection(reader), allOffices(reader)]);
  const races = election ? scope.races(offices) : [];
  const perRace: Candidate[][] = [];
  let read = 0;
  for (const race of races) {
    const queries = [...race.filter, Query.equal('electionId', election!.$id), Query.equal('officeId', race.office.$id), ...CANDIDATE_ORDER, Query.select(CANDIDATE_FIELDS)];
    const rows = await reader.listAll<Candidate>('candidates', queries, MAX_EXPORT_CANDIDATES - read);
    read += rows.length;
    if (read > MAX_EXPORT_CANDIDATES) throw new ExportTooLarge(`This export has more than ${MAX_EXPORT_CANDIDATES.toLocaleString('en')} candidates: export a district or an electoral area instead.`);
    perRace.push(rows);
  }
  const candidates = perRace.flat();
  progress(`read ${candidates.length} candidates in ${races.length} races`);
  const [places, parties, photos] = await Promise.all([
    placeNames(reader, candidates),
    partyBadges(reader),
    fetchPictures(reader, candidates.map((candidate) => candidate.photoFileId ?? ''), 'photo'),
  ]);
  progress(`fetched ${photos.size} photos`);

  const groups: OfficeGroup[] = [];
  races.forEach((race, index) => {
    const rows = perRace[index]!;
    if (rows.length === 0) return;
    const group: OfficeGroup = { office: race.office.name, places: [] };
    let currentKey: string | null = null;
    for (const candidate of rows) {
      const key = placeKey(candidate);
      if (key !== currentKey) {
        group.places.push({ place: places.get(key) ?? labels.nationwide, rows: [] });
        currentKey = key;
      }
      const row: CandidateRow = {
        ballotNumber: candidate.ballotNumber ?? null,
        name: candidate.name,
        party: (candidate.partyId && parties.get(candidate.partyId)) || null,
        office: race.office.name,
        photo: (candidate.photoFileId && photos.get(candidate.photoFileId)) || null,
      };
      group.places.at(-1)!.rows.push(row);
    }
    groups.push(group);
  });

  return {
    language: labels.language,
    title: scope.title,
    subtitle: [...(election ? [election.name] : []), ...scope.subtitle.filter(Boolean), labels.candidateCount(candidates.length)],
    sourcePath: scope.sourcePath,
    body: { kind: 'candidates', offices: groups },
  };
}
