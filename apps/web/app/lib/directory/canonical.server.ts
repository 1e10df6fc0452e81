import { Query } from 'appwrite';
import { redirect } from 'react-router';
import { decodeSafely } from '../not-found.server';
import { couldBeSlug, listPage, type CollectionId } from './query.server';

/** The spellings of a requested slug that name its record: as typed, NFC, NFC lower-case. */
function slugVariants(slug: string): string[] {
  const normal = slug.normalize('NFC');
  return [...new Set([slug, normal, normal.toLowerCase()])];
}

/** Of `items`, the one `slug` names as findBySlug reads it: the exact spelling first, then a variant. */
export function pickBySlug<T extends { slug: string }>(items: readonly T[], slug: string): T | null {
  const variants = slugVariants(slug);
  return items.find((item) => item.slug === slug) ?? items.find((item) => variants.includes(item.slug)) ?? null;
}

/**
 * A record by slug, forgiving case and Unicode form (a hand-typed `/Sadü-…` still finds `sadü`),
 * in one query; the caller redirects to the canonical spelling.
 */
export async function findBySlug<T extends { $id: string; slug: string }>(request: Request, collection: CollectionId, slug: string, fields: string[]): Promise<T | null> {
  if (!couldBeSlug(slug)) return null;
  const variants = slugVariants(slug);
  const page = await listPage<T>(request, collection, [Query.equal('slug', variants), Query.select(['$id', 'slug', ...fields]), Query.limit(variants.length)], { total: false });
  return pickBySlug(page.items, slug);
}

/** The record whose slug matches exactly, else case-insensitively (for short lists already loaded). */
export function matchSlug<T extends { slug: string }>(items: readonly T[], slug: string): T | null {
  const lower = slug.normalize('NFC').toLowerCase();
  return items.find((item) => item.slug === slug) ?? items.find((item) => item.slug.toLowerCase() === lower) ?? null;
}

/** 301 to the canonical path, keeping the query, when the requested path is spelled differently. */
export function redirectToCanonical(request: Request, canonicalPath: string): void {
  const url = new URL(request.url);
  if (decodeSafely(url.pathname) === decodeSafely(canonicalPath)) return;
  throw redirect(`${canonicalPath}${url.search}`, 301);
}
