import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { readableInk, xmlText } from './colour.ts';
import type { Brand } from './icon-sets.ts';

const require = createRequire(import.meta.url);

/** A simple-icons mark: a single path in a 24×24 box, and the part of the box it covers. */
interface Glyph {
  path: string;
  box: { x: number; y: number; width: number; height: number };
}

const glyphs = new Map<string, Promise<Glyph>>();
/** Pixels per glyph unit when measuring a mark. */
const MEASURE_SCALE = 10;

/** Where the ink of a path lies: drawn once, then trimmed to its bounding box. */
async function measure(path: string): Promise<Glyph['box']> {
  const side = 24 * MEASURE_SCALE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="${side}" height="${side}"><path d="${path}"/></svg>`;
  const { info } = await sharp(Buffer.from(svg)).trim().toBuffer({ resolveWithObject: true });
  return { x: -(info.trimOffsetLeft ?? 0) / MEASURE_SCALE, y: -(info.trimOffsetTop ?? 0) / MEASURE_SCALE, width: info.width / MEASURE_SCALE, height: info.height / MEASURE_SCALE };
}

/** A simple-icons mark, read from the package and measured once. */
function glyph(slug: string): Promise<Glyph> {
  let loading = glyphs.get(slug);
  if (!loading) {
    loading = readFile(require.resolve(`simple-icons/icons/${slug}.svg`), 'utf8').then(async (svg) => {
      const path = / d="([^"]+)"/.exec(svg)?.[1];
      if (!path) throw new Error(`simple-icons/${slug}.svg has no path`);
      return { path, box: await measure(path) };
    });
    glyphs.set(slug, loading);
  }
  return loading;
}

const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold"`;

/** A centred line of text as large as fits `maxWidth` (DejaVu Sans Bold is about 0.7 em per character). */
function label(text: string, centreX: number, centreY: number, maxWidth: number, maxSize: number, ink: string): string {
  const size = Math.min(maxSize, maxWidth / (0.72 * [...text].length));
  return `<text x="${centreX}" y="${centreY}" dy="0.36em" text-anchor="middle" ${FONT} font-size="${size.toFixed(1)}" fill="${ink}">${xmlText(text)}</text>`;
}

/** The brand's mark (or its name) as large as fits a `width`×`height` area centred on (`centreX`, `centreY`). */
async function mark(brand: Brand, centreX: number, centreY: number, width: number, height: number, ink: string): Promise<string> {
  if (!brand.glyph) return label(brand.label ?? brand.name, centreX, centreY, width, height * 0.6, ink);
  const { path, box } = await glyph(brand.glyph);
  const scale = Math.min(width / box.width, height / box.height);
  const left = centreX - (box.x + box.width / 2) * scale;
  const top = centreY - (box.y + box.height / 2) * scale;
  return `<g transform="translate(${left.toFixed(2)} ${top.toFixed(2)}) scale(${scale.toFixed(4)})"><path fill="${ink}" d="${path}"/></g>`;
}

/** A browser icon: a rounded square in the brand's colour with its mark (or name) in a readable ink. */
export async function browserTileSvg(brand: Brand): Promise<string> {
  const ink = readableInk(brand.colour);
  const body = await mark(brand, 256, 256, brand.glyph ? 300 : 420, 300, ink);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><title>${xmlText(brand.name)}</title><rect width="512" height="512" rx="112" fill="${brand.colour}"/>${body}</svg>`;
}

/** A credit-card icon: a card (ISO ID-1 proportions) in the brand's colour with its mark or name. */
export async function cardTileSvg(brand: Brand): Promise<string> {
  const ink = readableInk(brand.colour);
  const body = await mark(brand, 320, 202, brand.glyph ? 440 : 540, brand.glyph ? 230 : 210, ink);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 404"><title>${xmlText(brand.name)}</title><rect width="640" height="404" rx="36" fill="${brand.colour}"/>${body}</svg>`;
}
