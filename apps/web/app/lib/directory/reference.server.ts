import { TtlCache } from '../ttl-cache';
import { listAll, type CollectionId } from './query.server';

/**
 * Small collections that every visitor reads alike (collection-level `read("any")`, no document
 * security in appwrite.json) and that editors rarely change: a country has a few offices, parties
 * and elections, tens of regions and sub-regions, a few hundred districts. Most directory pages
 * need several of them, so the site process keeps what it read for REFERENCE_TTL_MS: an edit shows
 * on the site within that time. Electoral areas (thousands), candidates, and anything that
 * depends on the visitor never go here.
 */
export type ReferenceCollection = Extract<CollectionId, 'offices' | 'parties' | 'elections' | 'regions' | 'subregions' | 'districts'>;

export const REFERENCE_TTL_MS = 5_000;

export type SharedValues = <T>(request: Request, key: string, load: (anonymous: Request) => Promise<T>) => Promise<T>;

/**
 * A cache of values shared by every request for REFERENCE_TTL_MS. `load` gets a request without the
 * visitor's cookies, so nothing visitor-specific can be kept. A value is shared: never mutate it.
 */
export function sharedValues(maxEntries: number): SharedValues {
  const cache = new TtlCache<unknown>({ ttlMs: REFERENCE_TTL_MS, maxEntries });
  return <T>(request: Request, key: string, load: (anonymous: Request) => Promise<T>) => cache.get(key, () => load(new Request(request.url))) as Promise<T>;
}

/** A value read from reference collections only, shared as sharedValues says. */
export const cachedReference: SharedValues = sharedValues(64);

/** Every document of a reference collection that `queries` select, shared as cachedReference is. */
export function listReference<T extends { $id: string }>(request: Request, collection: ReferenceCollection, queries: string[]): Promise<readonly T[]> {
  return cachedReference(request, `${collection} ${JSON.stringify(queries)}`, (anonymous) => listAll<T>(anonymous, collection, queries));
}
