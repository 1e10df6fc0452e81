import { siteEnv } from '../env.server';
import { initialsUrl, previewUrl } from '../media';
import type { SharePicture } from './share-card';

/** Larger files are not drawn (the card is rendered without its picture). */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5_000;

/** The picture's address on the API: the same Storage previews and Avatars initials the pages show, sized for the card. */
function picturePath(picture: SharePicture, projectId: string): string {
  switch (picture.kind) {
    case 'photo':
      return previewUrl(projectId, picture.fileId, { width: 360, height: 450, gravity: 'top', output: 'jpg' });
    case 'initials':
      return initialsUrl(projectId, picture.name, { width: 360, height: 450 }, picture.colour);
    case 'logo':
      return previewUrl(projectId, picture.fileId, { width: 312, height: 312, gravity: 'center', output: 'png' });
  }
}

/**
 * The picture as a data: URL for satori, fetched over the protocol (public media, no visitor
 * session); null when the API cannot give it, so a missing photo never fails the whole card.
 */
export async function fetchPictureData(picture: SharePicture | null): Promise<string | null> {
  if (!picture) return null;
  const { apiEndpoint, projectId } = siteEnv();
  // previewUrl gives `/v1/…` paths for the page; the endpoint already ends in the API's base.
  const url = `${apiEndpoint}${picturePath(picture, projectId).replace(/^\/v1/, '')}`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !/^image\/(png|jpeg)$/.test(type)) return null;
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_PICTURE_BYTES) return null;
    return `data:${type};base64,${bytes.toString('base64')}`;
  } catch {
    return null;
  }
}
