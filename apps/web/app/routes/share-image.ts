import { redirect, type LoaderFunctionArgs } from 'react-router';
import { siteEnv } from '../lib/env.server';
import { ByteLimitedCache } from '../lib/share-image/byte-cache';
import { loadShareCard } from '../lib/share-image/load-card.server';
import { fetchPictureData } from '../lib/share-image/picture.server';
import { renderShareCard } from '../lib/share-image/render.server';
import { cardVersion, readShareImageParams, shareImagePath, versionedShareImagePath } from '../lib/share-image/share-card';

/** About 300 cards (60–150 kB each): the most shared pages stay rendered, memory stays bounded. */
const CACHE_BYTES = 32 * 1024 * 1024;
const rendered = new ByteLimitedCache(CACHE_BYTES);

const IMMUTABLE = 'public, max-age=31536000, immutable';

function png(bytes: Buffer): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(bytes.length),
      'Cache-Control': IMMUTABLE,
      // Link previews are drawn by other sites' pages and apps.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    },
  });
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' } });
}

/**
 * `/share-image/{kind}/{ref}.png?lang=…&v=…`: the page's share card as a 1200×630 PNG. The version
 * is the card's hash, so a URL's picture never changes (cached a year, immutable); a URL with an
 * older version is sent on to the current one; an unknown record or language is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const target = readShareImageParams(params['kind'] ?? '', params['file'] ?? '');
  const url = new URL(request.url);
  const language = url.searchParams.get('lang') ?? '';
  if (!target || !siteEnv().languages.includes(language)) return notFound();
  const key = versionedShareImagePath(target.kind, target.ref, language, url.searchParams.get('v') ?? '');
  const cached = rendered.peek(key);
  if (cached) return png(await cached);
  const card = await loadShareCard(request, target.kind, target.ref, language);
  if (!card) return notFound();
  if (url.searchParams.get('v') !== cardVersion(card)) return redirect(shareImagePath(target.kind, target.ref, language, card), { headers: { 'Cache-Control': 'no-cache' } });
  return png(await rendered.get(key, async () => renderShareCard(card, await fetchPictureData(card.picture))));
}
