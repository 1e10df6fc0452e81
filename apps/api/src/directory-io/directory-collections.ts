import type { CollectionDefinition, ProjectSchema } from '../schema/project-schema.ts';

/** The database holding the directory. */
export const DIRECTORY_DATABASE = 'main';

/**
 * The directory's collections, parents before the records that refer to them: the order of a
 * whole-directory export and of an import of several files.
 */
export const DIRECTORY_COLLECTIONS = ['regions', 'subregions', 'districts', 'electoral_areas', 'offices', 'parties', 'elections', 'events', 'candidates'] as const;

/**
 * Attributes that hold another record's `$id`, and the collection it is in. An import accepts the
 * record's `$id` or its slug there; empty means "none" where the attribute is optional.
 */
const REFERENCES: Readonly<Record<string, string>> = {
  regionId: 'regions',
  subregionId: 'subregions',
  districtId: 'districts',
  electoralAreaId: 'electoral_areas',
  officeId: 'offices',
  partyId: 'parties',
  electionId: 'elections',
};

/** The collection an attribute refers to, if it is a reference (only between directory collections). */
export function referenceTarget(collection: CollectionDefinition, attribute: string): string | undefined {
  if (!(DIRECTORY_COLLECTIONS as readonly string[]).includes(collection.$id)) return undefined;
  return REFERENCES[attribute];
}

export function collectionDefinition(schema: ProjectSchema, collectionId: string): CollectionDefinition | undefined {
  return schema.collections.find((collection) => collection.databaseId === DIRECTORY_DATABASE && collection.$id === collectionId);
}

/** Position in DIRECTORY_COLLECTIONS (other collections after them), for ordering files of one import. */
export function dependencyRank(collectionId: string): number {
  const rank = (DIRECTORY_COLLECTIONS as readonly string[]).indexOf(collectionId);
  return rank === -1 ? DIRECTORY_COLLECTIONS.length : rank;
}

/** Whether a record's `slug` alone names it (a unique index on it), so an import may name records by slug. */
export function slugNamesRecords(collection: CollectionDefinition): boolean {
  return collection.indexes.some((index) => index.type === 'unique' && index.attributes.length === 1 && index.attributes[0] === 'slug');
}
