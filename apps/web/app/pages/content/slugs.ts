import { staticPaths } from '../../lib/urls';

/** The `pages` slug each content route shows (route ids about / privacy / terms in routes.ts). */
const slugByPath: Record<string, string> = {
  [staticPaths.about.toLowerCase()]: 'about',
  [staticPaths.privacy.toLowerCase()]: 'privacy-policy',
  [staticPaths.terms.toLowerCase()]: 'terms-and-conditions',
};

const pathBySlug = Object.fromEntries(Object.entries(slugByPath).map(([path, slug]) => [slug, path]));

/** Route matching ignores case, so `/about` reaches the route too; it is read the same way. */
export function contentSlugOf(pathname: string): string | null {
  return slugByPath[pathname.toLowerCase()] ?? null;
}

/** The canonical path of a content page, spelled as in the seed. */
export function contentPath(slug: string): string {
  const lower = pathBySlug[slug];
  return Object.values(staticPaths).find((path) => path.toLowerCase() === lower) ?? staticPaths.home;
}
