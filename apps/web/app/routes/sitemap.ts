import type { LoaderFunctionArgs } from 'react-router';
import { siteEnv } from '../lib/env.server';
import { partFile, SITEMAP_PART_PREFIX, SMALL_PART_NAMES, type PartName } from '../lib/sitemap/part-names';
import { partCount, RANGED_KINDS, type RangedKindName } from '../lib/sitemap/parts.server';
import { sitemapIndex, xmlResponse } from '../lib/sitemap/xml';

/**
 * `/sitemap.xml`: an index of `/sitemap/{part}.xml` files, one per type, the large types cut into
 * numbered files of at most 50,000 URLs each, so it scales to a million candidates. One query per
 * large collection finds how many parts it has.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const kinds = Object.keys(RANGED_KINDS) as RangedKindName[];
  const counts = await Promise.all(kinds.map((kind) => partCount(request, kind)));
  const parts: PartName[] = [...SMALL_PART_NAMES.map((kind) => ({ kind })), ...kinds.flatMap((kind, index) => Array.from({ length: counts[index] ?? 0 }, (_, at) => ({ kind, number: at + 1 })))];
  const { siteUrl } = siteEnv();
  return xmlResponse(sitemapIndex(parts.map((part) => ({ loc: `${siteUrl}${SITEMAP_PART_PREFIX}${partFile(part)}` }))));
}
