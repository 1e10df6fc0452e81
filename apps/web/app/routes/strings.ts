import type { LoaderFunctionArgs } from 'react-router';
import { sharedCatalogue } from '../lib/i18n.server';
import { siteEnv } from '../lib/env.server';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * `/strings/{build}/{language}.json`: the strings every page shares, in one language (see
 * lib/shared-strings.ts). A file of this build is kept by browsers for a year; an older build's
 * address (a page open across a deploy) gets today's strings, not to be kept.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const language = /^(.+)\.json$/.exec(params['file'] ?? '')?.[1];
  if (!language || !siteEnv().languages.includes(language)) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const current = params['build'] === __BUILD_ID__;
  return Response.json(sharedCatalogue(language), {
    headers: { 'Cache-Control': current ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache' },
  });
}
