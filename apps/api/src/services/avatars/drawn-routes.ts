import { argumentMissing } from '../../core/errors.ts';
import { param } from '../../core/params.ts';
import { defineRoute, type BinaryBody } from '../../core/route.ts';
import { dimension, hexColourParam } from './avatar-params.ts';
import { hexColour } from './colour.ts';
import { initialsOf, initialsSvg, themeFor } from './initials.ts';
import { qrPng } from './qr-image.ts';
import { outputSize, renderSvg } from './render.ts';

/** Appwrite lets caches keep initials and QR codes 45 days. */
const DRAWN_CACHE_SECONDS = 45 * 24 * 3600;

export const getInitials = defineRoute({
  id: 'avatars.getInitials',
  method: 'GET',
  path: '/avatars/initials',
  summary: "Initials on a coloured background, from `name` or else the signed-in user's name (or e-mail), as PNG.",
  scope: 'avatars.read',
  params: {
    name: param.string({ max: 128, description: "Full name; empty: the signed-in user's name or e-mail." }),
    width: dimension('Image width, 0…2000 (default 500).'),
    height: dimension('Image height, 0…2000 (default 500).'),
    background: hexColourParam,
  },
  response: { status: 200, binary: 'image/png' },
  handler: async ({ params, ctx }): Promise<BinaryBody> => {
    const user = ctx.identity.signedIn?.user;
    const name = params.name || user?.name || user?.email || '';
    const initials = initialsOf(name);
    const background = params.background ? hexColour(params.background) : themeFor(initials);
    const size = outputSize({ width: 500, height: 500 }, params.width ?? 500, params.height ?? 500);
    const body = await renderSvg(initialsSvg(initials, background, size), size, 'cover');
    // Without a name the picture depends on who asks, so only the asker's browser may keep it.
    return { body, contentType: 'image/png', cacheSeconds: DRAWN_CACHE_SECONDS, cacheScope: params.name ? 'public' : 'private' };
  },
});

export const getQR = defineRoute({
  id: 'avatars.getQR',
  method: 'GET',
  path: '/avatars/qr',
  summary: 'A QR code of `text`, `size` pixels square, as PNG; `download` makes it an attachment (qr.png).',
  scope: 'avatars.read',
  params: {
    text: param.string({ required: true, max: 512, description: 'The text to encode.' }),
    size: param.integer({ min: 1, max: 1000, description: 'Width and height in pixels, 1…1000 (default 400).' }),
    margin: param.integer({ min: 0, max: 10, description: 'Quiet zone in modules, 0…10 (default 1).' }),
    download: param.boolean({ description: 'true: `Content-Disposition: attachment; filename="qr.png"`.' }),
  },
  response: { status: 200, binary: 'image/png' },
  handler: async ({ params }): Promise<BinaryBody> => {
    if (params.text === '') throw argumentMissing('text');
    const body = await qrPng(params.text, params.size ?? 400, params.margin ?? 1);
    return { body, contentType: 'image/png', cacheSeconds: DRAWN_CACHE_SECONDS, ...(params.download ? { download: 'qr.png' } : {}) };
  },
});
