import { param } from '../../core/params.ts';
import { defineRoute, type BinaryBody } from '../../core/route.ts';
import { codeParam, dimension } from './avatar-params.ts';
import { encodePhoto, PHOTO_CONTENT_TYPES, photoSvg, type PhotoFormat } from './user-photo.ts';

const FORMATS = ['png', 'jpg', 'webp'] as const;
const RATINGS = ['g', 'pg', 'r', 'x'] as const;

/**
 * Appwrite tries Gravatar, Libravatar, initials, then a silhouette. We draw the last two only:
 * no request leaves the server carrying a hash of the user's e-mail (decision 027).
 */
export const getPhoto = defineRoute({
  id: 'avatars.getPhoto',
  method: 'GET',
  path: '/avatars/photo',
  summary: "The signed-in user's picture: their initials (from the name, else the e-mail) or, for a guest or a name without letters, a silhouette.",
  scope: 'avatars.read',
  params: {
    width: dimension('Image width, 0…2000 (default 256; 0 means 256).'),
    height: dimension('Image height, 0…2000 (default 256; 0 means 256).'),
    quality: param.integer({ min: 0, max: 100, description: 'Image quality, 0…100 (default 100).' }),
    output: { ...codeParam(FORMATS, 'Output format: png (default), jpg or webp.'), required: false },
    rating: { ...codeParam(RATINGS, 'Highest Gravatar rating Appwrite would accept (g, pg, r, x); accepted, no remote photo is fetched here.'), required: false },
  },
  response: { status: 200, binary: 'image/*' },
  handler: async ({ params, ctx }): Promise<BinaryBody> => {
    const user = ctx.identity.signedIn?.user;
    const size = { width: params.width || 256, height: params.height || 256 };
    const format = (params.output ?? 'png') as PhotoFormat;
    const body = await encodePhoto(photoSvg(user?.name || user?.email || '', size), format, params.quality ?? 100);
    // The picture can change with the account at any moment, and only its owner should see it.
    return { body, contentType: PHOTO_CONTENT_TYPES[format], headers: { 'Cache-Control': 'private, no-store' } };
  },
});
