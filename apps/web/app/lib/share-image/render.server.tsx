import { CardLayout } from './card-layout';
import { shareFonts } from './fonts.server';
import { SHARE_IMAGE_SIZE, type ShareCard } from './share-card';

/**
 * The renderers are loaded on the first card, not at start-up: most processes never draw one, and
 * satori reads NODE_ENV when it loads, so it must load in the environment it will render in.
 */
const renderers = () => Promise.all([import('satori'), import('@resvg/resvg-js')]);

/** The card as a 1200×630 PNG: satori lays it out as SVG (text as outlines), resvg rasterises it. */
export async function renderShareCard(card: ShareCard, pictureData: string | null): Promise<Buffer> {
  const [{ default: satori }, { Resvg }] = await renderers();
  const svg = await satori(<CardLayout card={card} pictureData={pictureData} />, { ...SHARE_IMAGE_SIZE, fonts: shareFonts() });
  return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
}
