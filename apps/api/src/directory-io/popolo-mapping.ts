import { normalizeDate } from '../core/dates.ts';

/**
 * How directory records map to Popolo (popoloproject.com) items; the field names are Popolo's.
 * Each mapping has an `encode` (record → Popolo fields) and a `decode` (Popolo fields → the
 * attributes they carry, undefined where the item says nothing). Whatever `decode` does not give
 * back exactly is kept under the item's POPOLO_EXTENSION key (popolo-export.ts), so our own files
 * round-trip exactly and files from elsewhere import through `decode` alone.
 */
export const POPOLO_EXTENSION = 'ballot_atlas';

export type PopoloList = 'areas' | 'organizations' | 'posts' | 'events' | 'memberships' | 'persons';

export type Item = Record<string, unknown>;
type Data = Record<string, unknown>;

export interface ItemMapping {
  collectionId: string;
  list: Exclude<PopoloList, 'memberships' | 'persons'>;
  /** The item's `classification` that names this collection within its list. */
  classification: string | undefined;
  encode(id: string, data: Data): Item;
  decode(item: Item): Data;
}

const MIDNIGHT_UTC = 'T00:00:00.000+00:00';

/** A stored datetime as Popolo writes dates: `YYYY-MM-DD` at midnight UTC, else without zero milliseconds. */
export function popoloDate(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  if (value.endsWith(MIDNIGHT_UTC)) return value.slice(0, 10);
  return value.replace(/\.000(?=[+-]\d\d:\d\d$)/, '');
}

/** A Popolo date back into the stored form; text that is no date is left for validation to refuse. */
export function fromPopoloDate(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return normalizeDate(value) ?? value;
}

/** "" (no such record) is Popolo's null, both ways. */
const orNull = (value: unknown): unknown => (value === '' || value === undefined ? null : value);
const orEmpty = (value: unknown): unknown => (value === null ? '' : value);

interface Link {
  url: unknown;
  note: unknown;
}

function linksOf(item: Item): Link[] | undefined {
  const links = item['links'];
  if (!Array.isArray(links)) return undefined;
  return links.filter((link): link is Link => typeof link === 'object' && link !== null);
}

const WEBSITE_NOTE = 'website';
const SOCIAL_NOTE = 'social';

function websiteOf(item: Item): unknown {
  const links = linksOf(item);
  if (!links) return undefined;
  return links.find((link) => link.note === WEBSITE_NOTE)?.url ?? null;
}

function area(collectionId: string, classification: string, parent: string | undefined, identifier: string | undefined): ItemMapping {
  return {
    collectionId,
    list: 'areas',
    classification,
    encode: (id, data) => ({
      id,
      name: data['name'],
      ...(identifier ? { identifier: data[identifier] } : {}),
      classification,
      ...(parent ? { parent_id: orNull(data[parent]) } : {}),
    }),
    decode: (item) => ({
      name: item['name'],
      ...(identifier ? { [identifier]: item['identifier'] } : {}),
      ...(parent ? { [parent]: orEmpty(item['parent_id']) } : {}),
    }),
  };
}

/** Areas, parties, offices, elections and events; candidates are persons with memberships (candidateMapping). */
export const ITEM_MAPPINGS: readonly ItemMapping[] = [
  area('regions', 'region', undefined, 'code'),
  area('subregions', 'subregion', 'regionId', undefined),
  area('districts', 'district', 'subregionId', undefined),
  area('electoral_areas', 'electoral_area', 'districtId', 'code'),
  {
    collectionId: 'offices',
    list: 'posts',
    classification: undefined,
    encode: (id, data) => ({ id, label: data['name'], role: data['name'] }),
    decode: (item) => ({ name: item['label'] }),
  },
  {
    collectionId: 'parties',
    list: 'organizations',
    classification: 'party',
    encode: (id, data) => ({
      id,
      name: data['name'],
      classification: 'party',
      founding_date: typeof data['founded'] === 'number' ? String(data['founded']).padStart(4, '0') : null,
      links: typeof data['website'] === 'string' ? [{ url: data['website'], note: WEBSITE_NOTE }] : [],
    }),
    decode: (item) => {
      const founding = item['founding_date'];
      const year = typeof founding === 'string' ? /^(\d{4})/.exec(founding)?.[1] : undefined;
      return { name: item['name'], founded: year !== undefined ? Number(year) : founding, website: websiteOf(item) };
    },
  },
  {
    collectionId: 'elections',
    list: 'events',
    classification: 'election',
    encode: (id, data) => ({ id, name: data['name'], classification: 'election', start_date: popoloDate(data['date']), status: data['status'], description: data['description'] }),
    decode: (item) => ({ name: item['name'], date: fromPopoloDate(item['start_date']), status: item['status'], description: item['description'] }),
  },
  {
    collectionId: 'events',
    list: 'events',
    // Any classification but "election": it is the event's kind.
    classification: undefined,
    encode: (id, data) => ({
      id,
      name: data['title'],
      classification: data['kind'],
      start_date: popoloDate(data['start']),
      end_date: popoloDate(data['end']),
      location: data['location'],
      description: data['description'],
      parent_id: orNull(data['electionId']),
      organization_id: orNull(data['partyId']),
    }),
    decode: (item) => ({
      title: item['name'],
      kind: item['classification'],
      start: fromPopoloDate(item['start_date']),
      end: fromPopoloDate(item['end_date']),
      location: item['location'],
      description: item['description'],
      electionId: orEmpty(item['parent_id']),
      partyId: orEmpty(item['organization_id']),
    }),
  },
];

/** The mapping for an item of a list, by its classification; undefined when none fits. */
export function mappingForItem(list: string, item: Item): ItemMapping | undefined {
  const classification = item['classification'];
  const candidates = ITEM_MAPPINGS.filter((mapping) => mapping.list === list);
  return candidates.find((mapping) => mapping.classification !== undefined && mapping.classification === classification) ?? candidates.find((mapping) => mapping.classification === undefined);
}

const AREA_ATTRIBUTES = ['electoralAreaId', 'districtId', 'subregionId', 'regionId'];

/** A candidate is a Popolo person (who) with one membership (the candidacy: office, party, area). */
export const candidateMapping = {
  collectionId: 'candidates',
  encodePerson(id: string, data: Data): Item {
    const links = [
      ...(typeof data['website'] === 'string' ? [{ url: data['website'], note: WEBSITE_NOTE }] : []),
      ...(Array.isArray(data['socialLinks']) ? data['socialLinks'].map((url) => ({ url, note: SOCIAL_NOTE })) : []),
    ];
    const birth = data['dateOfBirth'];
    return { id, name: data['name'], gender: data['gender'] ?? null, birth_date: typeof birth === 'string' ? birth.slice(0, 10) : null, biography: data['bio'], links };
  },
  encodeMembership(id: string, data: Data): Item {
    const area = AREA_ATTRIBUTES.map((attribute) => data[attribute]).find((value) => typeof value === 'string' && value !== '');
    return { id, person_id: id, role: 'candidate', post_id: data['officeId'], on_behalf_of_id: orNull(data['partyId']), area_id: area ?? null };
  },
  decode(person: Item | undefined, membership: Item | undefined): Data {
    const data: Data = {};
    if (person) {
      const links = linksOf(person);
      Object.assign(data, {
        name: person['name'],
        gender: person['gender'],
        dateOfBirth: fromPopoloDate(person['birth_date']),
        bio: person['biography'],
        website: websiteOf(person),
        socialLinks: links?.filter((link) => link.note === SOCIAL_NOTE).map((link) => link.url),
      });
    }
    if (membership) Object.assign(data, { officeId: membership['post_id'], partyId: 'on_behalf_of_id' in membership ? orEmpty(membership['on_behalf_of_id']) : undefined });
    return data;
  },
};
