import { sharedValues, type SharedValues } from './reference.server';

/**
 * Electoral areas are thousands, too many for the reference cache (reference.server.ts), but an
 * area's record and its locator map change as rarely, are public (`read("any")`, no document
 * security) and are read by every render of its page: they are kept here like reference data, in
 * a cache of their own so that a crawl over every area cannot push the reference data out.
 * Candidates never go here.
 */
export const PLACE_CACHE_ENTRIES = 512;

/** A value read from place collections only, shared as sharedValues says. */
export const cachedPlace: SharedValues = sharedValues(PLACE_CACHE_ENTRIES);
