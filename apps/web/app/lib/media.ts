import { safeColour } from './colour-contrast';

/**
 * Every picture URL of the site: Storage previews of photos and logos, Avatars initials and QR
 * codes. The same query parameters as the SDK's `Storage.getFilePreview`, `Avatars.getInitials`
 * and `Avatars.getQR`, but built here as same-origin relative URLs (`/v1/…`), so server-rendered
 * HTML works behind any host, and without the `impersonateuserid` SDK 28 adds. Meta tags and
 * JSON-LD need absolute URLs: see absoluteMediaUrl.
 */

/** Where editors upload candidate photos and party logos (public read). */
export const MEDIA_BUCKET = 'media';

export type ImageFormat = 'avif' | 'webp' | 'jpg' | 'png';
export type Gravity = 'center' | 'top' | 'auto';

/** Encoder quality per format: AVIF holds up at a lower setting than WebP and JPEG. */
const QUALITY: Record<ImageFormat, number | undefined> = { avif: 60, webp: 80, jpg: 82, png: undefined };

function withQuery(path: string, params: Record<string, string | number | boolean | undefined>, projectId: string): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  query.set('project', projectId);
  return `/v1${path}?${query.toString()}`;
}

export interface PreviewOptions {
  width: number;
  /** Leave out to keep the picture's aspect ratio. */
  height?: number;
  gravity?: Gravity;
  output: ImageFormat;
}

/** A resized, re-encoded picture from the media bucket. */
export function previewUrl(projectId: string, fileId: string, options: PreviewOptions): string {
  const { width, height, gravity, output } = options;
  return withQuery(
    `/storage/buckets/${MEDIA_BUCKET}/files/${encodeURIComponent(fileId)}/preview`,
    { width, height, gravity: height !== undefined ? gravity : undefined, quality: QUALITY[output], output },
    projectId,
  );
}

/** A party colour as the Avatars `background` (hex without '#'); undefined lets the API choose. */
export function avatarBackground(colour: string | null | undefined): string | undefined {
  return safeColour(colour)?.slice(1);
}

/** A PNG of the name's initials on `colour` (a party's colour), or a colour the API picks from the initials. */
export function initialsUrl(projectId: string, name: string, size: { width: number; height: number }, colour?: string | null): string {
  return withQuery('/avatars/initials', { name, width: size.width, height: size.height, background: avatarBackground(colour) }, projectId);
}

/** A PNG QR code of `text`, `size` pixels square; `download` makes it an attachment (qr.png). */
export function qrUrl(projectId: string, text: string, size: number, download = false): string {
  return withQuery('/avatars/qr', { text, size, margin: 1, download: download || undefined }, projectId);
}

/** `url 1x, url 2x` for a picture shown at one CSS size; `build` gets the scale. */
export function densitySrcSet(build: (scale: number) => string, scales: readonly number[] = [1, 2]): string {
  return scales.map((scale) => `${build(scale)} ${scale}x`).join(', ');
}

/** `url 160w, url 320w` for a picture whose CSS size depends on the viewport (used with `sizes`); `build` gets the width. */
export function widthSrcSet(build: (width: number) => string, widths: readonly number[]): string {
  return widths.map((width) => `${build(width)} ${width}w`).join(', ');
}

/** A media URL for meta tags and JSON-LD, which need the site's own absolute address. */
export function absoluteMediaUrl(siteUrl: string, url: string): string {
  return `${siteUrl.replace(/\/$/, '')}${url}`;
}

/** A picture for `og:image` and JSON-LD, as a path on the site (make it absolute with absoluteMediaUrl). */
export interface MetaImage {
  url: string;
  width?: number;
  height?: number;
}

const META_SIZE = 600;

/** A candidate's photo as a 600 px square JPEG (cropped from the top), or null without a photo. */
export function candidateMetaImage(projectId: string, photoFileId: string | null | undefined): MetaImage | null {
  if (!photoFileId) return null;
  return { url: previewUrl(projectId, photoFileId, { width: META_SIZE, height: META_SIZE, gravity: 'top', output: 'jpg' }), width: META_SIZE, height: META_SIZE };
}

/** A party's logo, 600 px wide PNG (transparency kept, aspect ratio kept), or null without a logo. */
export function partyMetaImage(projectId: string, logoFileId: string | null | undefined): MetaImage | null {
  if (!logoFileId) return null;
  return { url: previewUrl(projectId, logoFileId, { width: META_SIZE, output: 'png' }) };
}
