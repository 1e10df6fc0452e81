import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/share.json';
import { translateWith } from '../seo';
import { renderShareCard } from './render.server';
import { candidateCard, partyCard } from './share-card';

const t = (key: string, options?: Record<string, unknown>) => translateWith({ share: en }, key, options);

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(png).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data];
}

describe('renderShareCard', () => {
  it('draws a 1200×630 PNG with the party colour on its edge and the photo on the left', async () => {
    const photo = await sharp({ create: { width: 360, height: 450, channels: 3, background: '#2563eb' } }).jpeg().toBuffer();
    const card = candidateCard({ name: 'Zoë N’Diaye-Okafor', photoFileId: 'f1', party: { name: 'Unity Party', colour: '#b91c1c' }, office: 'Member of Parliament', place: 'Kalenga' }, t, 'Ballot Atlas');
    const png = await renderShareCard(card, `data:image/jpeg;base64,${photo.toString('base64')}`);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    expect(await pixel(png, 10, 300)).toEqual([0xb9, 0x1c, 0x1c]);
    const [red, green, blue] = await pixel(png, 200, 300);
    expect(blue! - red!, 'the photo, not the background').toBeGreaterThan(100);
    expect(green).toBeLessThan(150);
  });

  it('draws a party without a logo with its name in text (dark pixels where the title is)', async () => {
    const png = await renderShareCard(partyCard({ name: 'Parti de l’Unité', abbreviation: 'PU', colour: '#1d4ed8', logoFileId: null }, t, 'Ballot Atlas'), null);
    const { data, info } = await sharp(png).extract({ left: 84, top: 150, width: 700, height: 200 }).greyscale().raw().toBuffer({ resolveWithObject: true });
    const dark = [...data].filter((value) => value < 80).length / (info.width * info.height);
    expect(dark).toBeGreaterThan(0.02);
    expect(await pixel(png, 10, 300)).toEqual([0x1d, 0x4e, 0xd8]);
  });
});
