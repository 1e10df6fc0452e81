import type { LoaderFunctionArgs } from 'react-router';
import { siteEnv } from '../lib/env.server';
import { readPartFile } from '../lib/sitemap/part-names';
import { pagesPartEntries, partCount, rangedPartEntries } from '../lib/sitemap/parts.server';
import { urlset, xmlResponse } from '../lib/sitemap/xml';

/** `/sitemap/{part}.xml`: one part of the sitemap index; an unknown or out-of-range part is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const part = readPartFile(params['part'] ?? '');
  const { siteUrl } = siteEnv();
  const absolute = (path: string): string => `${siteUrl}${path}`;
  if (!part) return notFound();
  if (part.kind === 'pages') return xmlResponse(urlset(await pagesPartEntries(request, absolute)));
  if (part.number > (await partCount(request, part.kind))) return notFound();
  return xmlResponse(urlset(await rangedPartEntries(request, part.kind, part.number, absolute)));
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
