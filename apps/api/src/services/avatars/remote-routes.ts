import type { Config } from '../../config.ts';
import { AppwriteError } from '../../core/errors.ts';
import { param } from '../../core/params.ts';
import { defineRoute, type BinaryBody } from '../../core/route.ts';
import { safeFetch, SafeFetchError, type FetchedBody, type FetchPolicy } from '../../net/safe-fetch.ts';
import { dimension } from './avatar-params.ts';
import { faviconCandidates } from './favicon-links.ts';
import { resizeRemoteImage } from './remote-image.ts';

const MAX_REMOTE_BYTES = 5 * 1024 * 1024;
/** A remote picture may change; browsers keep it a day. */
const REMOTE_CACHE_SECONDS = 24 * 3600;
/** Appwrite's favicon size. */
const FAVICON_SIDE = 56;
/** Icon links tried before giving up (each may cost a request). */
const MAX_ICON_ATTEMPTS = 4;

function policy(config: Config): FetchPolicy {
  return { allowedHosts: config.avatarsAllowedHosts, maxBytes: MAX_REMOTE_BYTES, maxRedirects: 5 };
}

type RemoteFailure = 'avatar_image_not_found' | 'avatar_remote_url_failed' | 'avatar_icon_not_found';

/** Refused addresses are `avatar_remote_url_failed` whatever the endpoint; other failures are `failure`. */
async function fetchOr(url: string | URL, config: Config, signal: AbortSignal, accept: string, failure: RemoteFailure): Promise<FetchedBody> {
  try {
    return await safeFetch(url, { policy: policy(config), signal, accept });
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    if (error.reason === 'blocked') throw new AppwriteError('avatar_remote_url_failed', 'The URL points to a private, local or reserved address and is not fetched.');
    if (error.reason === 'timeout') throw new AppwriteError(failure, 'The remote server did not answer in time.');
    if (error.reason === 'too-large') throw new AppwriteError(failure, `The remote file is larger than ${MAX_REMOTE_BYTES / 1024 / 1024} MB.`);
    throw new AppwriteError(failure);
  }
}

export const getImage = defineRoute({
  id: 'avatars.getImage',
  method: 'GET',
  path: '/avatars/image',
  summary: 'A remote image fetched and cropped to `width`×`height` (JPEG, WebP or PNG as the source; other formats as PNG).',
  scope: 'avatars.read',
  params: {
    url: param.url({ required: true, description: 'http or https URL of the image.' }),
    width: dimension('Width, 0…2000 (default 400).'),
    height: dimension('Height, 0…2000 (default 400).'),
  },
  response: { status: 200, binary: 'image/*' },
  handler: async ({ params, ctx }): Promise<BinaryBody> => {
    const signal = AbortSignal.timeout(ctx.config.avatarsFetchTimeoutMs);
    const fetched = await fetchOr(params.url, ctx.config, signal, 'image/*', 'avatar_image_not_found');
    const image = await resizeRemoteImage(fetched.body, params.width ?? 400, params.height ?? 400, 'source');
    if (!image) throw new AppwriteError('avatar_image_not_found', 'The URL does not point to an image.');
    return { ...image, cacheSeconds: REMOTE_CACHE_SECONDS };
  },
});

export const getFavicon = defineRoute({
  id: 'avatars.getFavicon',
  method: 'GET',
  path: '/avatars/favicon',
  summary: "A website's icon (its largest declared icon, else /favicon.ico), as a 56×56 PNG.",
  scope: 'avatars.read',
  params: {
    url: param.url({ required: true, description: 'http or https URL of the website.' }),
  },
  response: { status: 200, binary: 'image/png' },
  handler: async ({ params, ctx }): Promise<BinaryBody> => {
    const signal = AbortSignal.timeout(ctx.config.avatarsFetchTimeoutMs);
    const page = await fetchOr(params.url, ctx.config, signal, 'text/html,image/*;q=0.9,*/*;q=0.8', 'avatar_remote_url_failed');
    // The URL may be the icon itself.
    const direct = page.contentType.startsWith('image/') ? await resizeRemoteImage(page.body, FAVICON_SIDE, FAVICON_SIDE, 'png') : null;
    if (direct) return { ...direct, cacheSeconds: REMOTE_CACHE_SECONDS };
    const candidates = faviconCandidates(page.body.toString('utf8'), page.url).slice(0, MAX_ICON_ATTEMPTS);
    for (const candidate of candidates) {
      let icon: FetchedBody;
      try {
        icon = await fetchOr(candidate, ctx.config, signal, 'image/*', 'avatar_icon_not_found');
      } catch (error) {
        // A page may name an icon that is gone and the next one may answer; a refused address or the time running out ends the search.
        if (error instanceof AppwriteError && error.type === 'avatar_icon_not_found' && !signal.aborted) continue;
        throw error;
      }
      const picture = await resizeRemoteImage(icon.body, FAVICON_SIDE, FAVICON_SIDE, 'png');
      if (picture) return { ...picture, cacheSeconds: REMOTE_CACHE_SECONDS };
    }
    throw new AppwriteError('avatar_icon_not_found');
  },
});
