/** The directory collections the console edits (product.md §2), in the order its menu lists them. */
export const CONSOLE_COLLECTIONS = ['candidates', 'parties', 'elections', 'offices', 'events', 'regions', 'subregions', 'districts', 'electoral_areas', 'pages'] as const;

export type ConsoleCollectionId = (typeof CONSOLE_COLLECTIONS)[number];

export function isConsoleCollection(value: string | undefined): value is ConsoleCollectionId {
  return (CONSOLE_COLLECTIONS as readonly string[]).includes(value ?? '');
}

/** A column of a records table: an attribute, or when the record last changed. */
export type ColumnKey = string;
export const UPDATED_COLUMN = '$updatedAt';

export interface SortOrder {
  key: ColumnKey;
  direction: 'asc' | 'desc';
}

/**
 * What the schema cannot say about a collection: which attribute names a record, which columns
 * the table shows, and a few editing choices. Everything else comes from `appwrite.json`.
 */
export interface CollectionView {
  titleKey: 'name' | 'title';
  columns: readonly ColumnKey[];
  defaultSort: SortOrder;
  /** Datetime attributes edited as a day (no time). */
  dateOnly?: readonly string[];
  /** Area ids the form does not ask for: they follow from a more specific area (see hierarchy.ts). */
  derived?: readonly string[];
  /** Attributes the form neither shows nor changes: a place's boundary and centroid come from a GeoJSON import. */
  imported?: readonly string[];
  /** A `slug` left empty is made from the title. */
  slugFromTitle: boolean;
}

const byName: SortOrder = { key: 'name', direction: 'asc' };
const PLACE_SHAPE: readonly string[] = ['boundary', 'centroid'];
const recentFirst: SortOrder = { key: UPDATED_COLUMN, direction: 'desc' };

export const COLLECTION_VIEWS: Record<ConsoleCollectionId, CollectionView> = {
  candidates: {
    titleKey: 'name',
    columns: ['photoFileId', 'name', 'partyId', 'officeId', 'electoralAreaId', 'status', UPDATED_COLUMN],
    defaultSort: recentFirst,
    dateOnly: ['dateOfBirth'],
    derived: ['subregionId'],
    slugFromTitle: true,
  },
  parties: { titleKey: 'name', columns: ['logoFileId', 'name', 'abbreviation', 'colour', 'leader', UPDATED_COLUMN], defaultSort: byName, slugFromTitle: true },
  elections: { titleKey: 'name', columns: ['name', 'date', 'status', UPDATED_COLUMN], defaultSort: { key: 'date', direction: 'desc' }, dateOnly: ['date'], slugFromTitle: true },
  offices: { titleKey: 'name', columns: ['name', 'slug', 'level', 'seats', 'order'], defaultSort: { key: 'order', direction: 'asc' }, slugFromTitle: false },
  events: { titleKey: 'title', columns: ['title', 'start', 'kind', 'regionId', UPDATED_COLUMN], defaultSort: { key: 'start', direction: 'asc' }, slugFromTitle: false },
  regions: { titleKey: 'name', columns: ['name', 'code', 'population', 'order'], defaultSort: { key: 'order', direction: 'asc' }, imported: PLACE_SHAPE, slugFromTitle: true },
  subregions: { titleKey: 'name', columns: ['name', 'slug', 'regionId'], defaultSort: byName, imported: PLACE_SHAPE, slugFromTitle: true },
  districts: { titleKey: 'name', columns: ['name', 'kind', 'subregionId', 'regionId', 'population'], defaultSort: byName, derived: ['regionId'], imported: PLACE_SHAPE, slugFromTitle: true },
  electoral_areas: {
    titleKey: 'name',
    columns: ['name', 'kind', 'districtId', 'regionId', 'registeredVoters'],
    defaultSort: byName,
    derived: ['subregionId', 'regionId'],
    imported: PLACE_SHAPE,
    slugFromTitle: true,
  },
  pages: { titleKey: 'title', columns: ['title', 'slug', 'language', UPDATED_COLUMN], defaultSort: { key: 'slug', direction: 'asc' }, slugFromTitle: false },
};
