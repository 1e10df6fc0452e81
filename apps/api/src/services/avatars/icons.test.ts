import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { iconSets } from './icons.ts';
import { browsers, creditCards } from './icon-sets.ts';
import { outputSize, renderSvg, svgSize } from './render.ts';

/** Something is drawn: no single colour covers more than 97% of the opaque pixels (a mark or label on its tile, a flag's fields). */
async function drawn(png: Buffer): Promise<boolean> {
  const pixels = await sharp(png).ensureAlpha().raw().toBuffer();
  const counts = new Map<number, number>();
  let opaque = 0;
  for (let at = 0; at < pixels.length; at += 4) {
    if (pixels[at + 3]! < 200) continue;
    opaque++;
    const colour = pixels.readUInt32BE(at) >>> 8;
    counts.set(colour, (counts.get(colour) ?? 0) + 1);
  }
  return opaque > 0 && Math.max(...counts.values()) / opaque < 0.97;
}

describe('icon sets', () => {
  it('match the SDK generations: 14 browsers, the 17 card brands under both spellings of UnionPay, 195 flags', () => {
    expect(Object.keys(browsers)).toEqual(['aa', 'an', 'ch', 'ci', 'cm', 'cr', 'ff', 'sf', 'mf', 'ps', 'oi', 'om', 'op', 'on']);
    expect(Object.keys(creditCards)).toEqual(expect.arrayContaining(['amex', 'targeta-shopping', 'union-china-pay', 'unionpay', 'mir', 'rupay']));
    expect(Object.keys(creditCards)).toHaveLength(18);
    expect(iconSets.flags.codes).toHaveLength(195);
    expect(new Set(iconSets.flags.codes).size).toBe(195);
  });

  for (const [name, set] of Object.entries(iconSets)) {
    it(`draws every ${name} code as a PNG of the size asked, never blank`, async () => {
      for (const code of set.codes) {
        const svg = await set.svg(code);
        const png = await renderSvg(svg, outputSize(svgSize(svg), 64, 48), set.fit);
        const metadata = await sharp(png).metadata();
        expect([metadata.format, metadata.width, metadata.height], code).toEqual(['png', 64, 48]);
        expect(await drawn(png), code).toBe(true);
      }
    });
  }

  it('keeps a logo whole in a box of another shape (letterboxed), and crops a flag to fill it', async () => {
    const card = await renderSvg(await iconSets['credit-cards'].svg('visa'), { width: 100, height: 100 }, 'contain');
    const corner = await sharp(card).extract({ left: 50, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(corner[3]).toBe(0);
    const flag = await renderSvg(await iconSets.flags.svg('fr'), { width: 100, height: 100 }, 'cover');
    const top = await sharp(flag).extract({ left: 50, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect([...top]).toEqual([255, 255, 255, 255]);
  });

  it('quantises to a palette below quality 100, which makes a smaller file', async () => {
    const svg = await iconSets.flags.svg('br');
    const lossless = await renderSvg(svg, { width: 300, height: 200 }, 'cover', -1);
    const quantised = await renderSvg(svg, { width: 300, height: 200 }, 'cover', 10);
    expect(quantised.length).toBeLessThan(lossless.length);
    expect((await sharp(quantised).metadata()).isPalette).toBe(true);
  });
});

describe('outputSize', () => {
  it.each([
    [100, 100, { width: 100, height: 100 }],
    [300, 0, { width: 300, height: 200 }],
    [0, 50, { width: 75, height: 50 }],
    [0, 0, { width: 513, height: 342 }],
  ])('%i×%i of a 513×342 source → %o', (width, height, expected) => {
    expect(outputSize({ width: 513, height: 342 }, width, height)).toEqual(expected);
  });
});
