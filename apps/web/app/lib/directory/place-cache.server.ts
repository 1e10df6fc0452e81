import { TtlCache } from '../ttl-cache';
import { REFERENCE_TTL_MS } from './reference.server';

/**
 * Electoral areas are thousands, too many for the reference cache (reference.server.ts), but an
 * area's record and its locator map change as rarely, are public (`read("any")`, no document
 * security) and are read by every render of its page: they are kept here, each for
 * REFERENCE_TTL_MS like reference data, in a cache of their own so that a crawl over every area
 * cannot push the reference data out. Candidates never go here.
 */
export const PLACE_CACHE_ENTRIES = 512;

const cache = new TtlCache<unknown>({ ttlMs: REFERENCE_TTL_MS, maxEntries: PLACE_CACHE_ENTRIES });

/**
 * A value read from place collections only, shared by every request for REFERENCE_TTL_MS. `load`
 * gets a request without the visitor's cookies; the value is shared: never mutate it.
 */
export function cachedPlace<T>(request: Request, key: string, load: (anonymous: Request) => Promise<T>): Promise<T> {
  return cache.get(key, () => load(new Request(request.url))) as Promise<T>;
}
