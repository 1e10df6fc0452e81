import { Query } from 'appwrite';
import { redirect } from 'react-router';
import { decodeSafely } from '../not-found.server';
import { listPage, type CollectionId } from './query.server';

/**
 * A record by slug, forgiving case and Unicode form (a hand-typed `/Sadü-…` still finds `sadü`),
 * in one query; the caller redirects to the canonical spelling.
 */
export async function findBySlug<T extends { $id: string; slug: string }>(request: Request, collection: CollectionId, slug: string, fields: string[]): Promise<T | null> {
  const normal = slug.normalize('NFC');
  const variants = [...new Set([slug, normal, normal.toLowerCase()])];
  const page = await listPage<T>(request, collection, [Query.equal('slug', variants), Query.select(['$id', 'slug', ...fields]), Query.limit(variants.length)]);
  return page.items.find((item) => item.slug === slug) ?? page.items[0] ?? null;
}

/** The record whose slug matches exactly, else case-insensitively (for short lists already loaded). */
export function matchSlug<T extends { slug: string }>(items: T[], slug: string): T | null {
  const lower = slug.normalize('NFC').toLowerCase();
  return items.find((item) => item.slug === slug) ?? items.find((item) => item.slug.toLowerCase() === lower) ?? null;
}

/** 301 to the canonical path, keeping the query, when the requested path is spelled differently. */
export function redirectToCanonical(request: Request, canonicalPath: string): void {
  const url = new URL(request.url);
  if (decodeSafely(url.pathname) === decodeSafely(canonicalPath)) return;
  throw redirect(`${canonicalPath}${url.search}`, 301);
}
