import type { LoaderFunctionArgs } from 'react-router';
import { siteEnv } from '../lib/env.server';
import { isSmallPart, readPartFile } from '../lib/sitemap/part-names';
import { partCount, rangedPartEntries, SMALL_PARTS } from '../lib/sitemap/parts.server';
import { urlset, xmlResponse } from '../lib/sitemap/xml';

/** `/sitemap/{part}.xml`: one part of the sitemap index; an unknown or out-of-range part is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const part = readPartFile(params['part'] ?? '');
  const { siteUrl } = siteEnv();
  const absolute = (path: string): string => `${siteUrl}${path}`;
  if (!part) return notFound();
  if (isSmallPart(part)) return xmlResponse(urlset(await SMALL_PARTS[part.kind](request, absolute)));
  if (part.number > (await partCount(request, part.kind))) return notFound();
  return xmlResponse(urlset(await rangedPartEntries(request, part.kind, part.number, absolute)));
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
