import { defineRoute, type BinaryBody } from '../../core/route.ts';
import { codeParam, dimension, quality } from './avatar-params.ts';
import { iconSets, type IconSet } from './icons.ts';
import { outputSize, renderSvg, svgSize } from './render.ts';

/** Icons are the same for everyone and never change: caches may keep them 30 days. */
const ICON_CACHE_SECONDS = 30 * 24 * 3600;

function iconParams(set: IconSet, codeDescription: string) {
  return {
    code: codeParam(set.codes, codeDescription),
    width: dimension('Image width, 0…2000 (default 100).'),
    height: dimension('Image height, 0…2000 (default 100).'),
    quality,
  };
}

async function iconImage(set: IconSet, params: { code: string; width?: number | undefined; height?: number | undefined; quality?: number | undefined }): Promise<BinaryBody> {
  const svg = await set.svg(params.code);
  const size = outputSize(svgSize(svg), params.width ?? 100, params.height ?? 100);
  const body = await renderSvg(svg, size, set.fit, params.quality ?? -1);
  return { body, contentType: 'image/png', cacheSeconds: ICON_CACHE_SECONDS };
}

export const getBrowser = defineRoute({
  id: 'avatars.getBrowser',
  method: 'GET',
  path: '/avatars/browsers/{code}',
  summary: 'The icon of a browser, by the code sessions report (`ch`, `ff`, `sf`…), as PNG.',
  scope: 'avatars.read',
  params: iconParams(iconSets.browsers, 'Browser code.'),
  response: { status: 200, binary: 'image/png' },
  handler: ({ params }) => iconImage(iconSets.browsers, params),
});

export const getCreditCard = defineRoute({
  id: 'avatars.getCreditCard',
  method: 'GET',
  path: '/avatars/credit-cards/{code}',
  summary: 'The icon of a credit-card brand (`visa`, `mastercard`, `amex`…), as PNG.',
  scope: 'avatars.read',
  params: iconParams(iconSets['credit-cards'], 'Credit card code.'),
  response: { status: 200, binary: 'image/png' },
  handler: ({ params }) => iconImage(iconSets['credit-cards'], params),
});

export const getFlag = defineRoute({
  id: 'avatars.getFlag',
  method: 'GET',
  path: '/avatars/flags/{code}',
  summary: "A country's flag by its ISO 3166-1 alpha-2 code, as PNG.",
  scope: 'avatars.read',
  params: iconParams(iconSets.flags, 'Country code, ISO 3166-1 alpha-2.'),
  response: { status: 200, binary: 'image/png' },
  handler: ({ params }) => iconImage(iconSets.flags, params),
});
