import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PreviewGravity } from './preview-params.ts';
import { animatedGif, BLUE, CLEAR, decode, expectNear, GREEN, paint, quadrants, RED, stripes, type Rgba } from './preview-test-images.ts';
import { renderPreview } from './render-preview.ts';

let png: Buffer; // 200 × 100 quadrants with a transparent corner
let jpeg: Buffer; // 200 × 100 opaque red
const inputs: Record<string, { body: Buffer; mime: string; format: string; compression?: string }> = {};

beforeAll(async () => {
  png = await quadrants().png().toBuffer();
  jpeg = await paint(200, 100, () => RED).jpeg().toBuffer();
  const solid = paint(200, 100, () => RED);
  inputs['png'] = { body: png, mime: 'image/png', format: 'png' };
  inputs['jpeg'] = { body: jpeg, mime: 'image/jpeg', format: 'jpeg' };
  inputs['gif'] = { body: await solid.clone().gif().toBuffer(), mime: 'image/gif', format: 'gif' };
  inputs['webp'] = { body: await solid.clone().webp().toBuffer(), mime: 'image/webp', format: 'webp' };
  inputs['avif'] = { body: await solid.clone().avif().toBuffer(), mime: 'image/avif', format: 'heif', compression: 'av1' };
});

describe('renderPreview: source formats', () => {
  it.each(['png', 'jpeg', 'gif', 'webp', 'avif'])('keeps a %s source in its own format at its own size by default', async (name) => {
    const input = inputs[name]!;
    const result = await renderPreview(input.body, input.mime, {});
    const out = await decode(result.body);
    expect(out).toMatchObject({ format: input.format, width: 200, height: 100 });
    if (input.compression) expect(out.compression).toBe(input.compression);
    expect(result.contentType).toBe(input.mime);
    expectNear(out.pixel(10, 10), RED, 40);
  });

  it('previews the first frame of an animated GIF', async () => {
    const out = await decode((await renderPreview(await animatedGif(), 'image/gif', {})).body);
    expect(out).toMatchObject({ format: 'gif', pages: 1, width: 20, height: 10 });
    expectNear(out.pixel(5, 5), RED);
  });

  it('applies the EXIF orientation', async () => {
    const rotated = await paint(200, 100, () => RED).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await decode((await renderPreview(rotated, 'image/jpeg', {})).body);
    expect([out.width, out.height]).toEqual([100, 200]);
  });

  it('handles greyscale input through the pixel pipeline', async () => {
    const grey = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#808080' } }).greyscale().png().toBuffer();
    const out = await decode((await renderPreview(grey, 'image/png', { borderRadius: 10 })).body);
    expect(out.pixel(0, 0)[3]).toBe(0);
    expectNear(out.pixel(25, 25), [128, 128, 128, 255], 2);
  });
});

describe('renderPreview: output', () => {
  const cases: [string, string, string, string?][] = [
    ['jpg', 'image/jpeg', 'jpeg'],
    ['jpeg', 'image/jpeg', 'jpeg'],
    ['png', 'image/png', 'png'],
    ['gif', 'image/gif', 'gif'],
    ['webp', 'image/webp', 'webp'],
    ['avif', 'image/avif', 'heif', 'av1'],
  ];
  it.each(cases)('output=%s gives %s', async (output, contentType, format, compression) => {
    const result = await renderPreview(png, 'image/png', { output: output as 'jpg', width: 100 });
    expect(result.contentType).toBe(contentType);
    const out = await decode(result.body);
    expect(out).toMatchObject({ format, width: 100, height: 50 });
    if (compression) expect(out.compression).toBe(compression);
    expectNear(out.pixel(10, 10), RED, 40);
  });

  it('turns transparency white in a jpg when no background is set', async () => {
    const out = await decode((await renderPreview(png, 'image/png', { output: 'jpg' })).body);
    expectNear(out.pixel(190, 90), [255, 255, 255, 255]);
  });
});

describe('renderPreview: width and height', () => {
  it.each([
    [{ width: 100 }, [100, 50]],
    [{ height: 25 }, [50, 25]],
    [{ width: 400 }, [400, 200]],
    [{ width: 0, height: 0 }, [200, 100]],
    [{ width: 50, height: 50 }, [50, 50]],
    [{ width: 150, height: 20 }, [150, 20]],
  ])('%j → %j', async (options, size) => {
    const out = await decode((await renderPreview(png, 'image/png', options)).body);
    expect([out.width, out.height]).toEqual(size);
  });
});

describe('renderPreview: gravity', () => {
  // Stripes are red, green, blue from left to right (or top to bottom): the crop shows the one on the gravity's side.
  const acrossColumns = (gravity: PreviewGravity): Rgba => (gravity.includes('left') ? RED : gravity.includes('right') ? BLUE : GREEN);
  const acrossRows = (gravity: PreviewGravity): Rgba => (gravity.startsWith('top') ? RED : gravity.startsWith('bottom') ? BLUE : GREEN);
  const gravities: PreviewGravity[] = ['center', 'top-left', 'top', 'top-right', 'left', 'right', 'bottom-left', 'bottom', 'bottom-right'];

  it.each(gravities)('%s crops wide and tall images to the matching side', async (gravity) => {
    const wide = await decode((await renderPreview(await stripes('columns').png().toBuffer(), 'image/png', { width: 100, height: 100, gravity })).body);
    const tall = await decode((await renderPreview(await stripes('rows').png().toBuffer(), 'image/png', { width: 100, height: 100, gravity })).body);
    expectNear(wide.pixel(50, 50), acrossColumns(gravity), 2);
    expectNear(tall.pixel(50, 50), acrossRows(gravity), 2);
  });

  it('top-left keeps the top-left pixel colour', async () => {
    const out = await decode((await renderPreview(png, 'image/png', { width: 40, height: 40, gravity: 'top-left' })).body);
    expectNear(out.pixel(0, 0), RED, 2);
  });

  it('auto finds the detailed region that a centre crop misses', async () => {
    const grey: Rgba = [128, 128, 128, 255];
    const busy = paint(300, 100, (x, y) => (x < 250 ? grey : [(x * 37 + y * 91) % 256, (x * 13) % 256 > 128 ? 255 : 0, 40, 255]));
    const input = await busy.png().toBuffer();
    const centre = await decode((await renderPreview(input, 'image/png', { width: 100, height: 100 })).body);
    const auto = await decode((await renderPreview(input, 'image/png', { width: 100, height: 100, gravity: 'auto' })).body);
    expectNear(centre.pixel(99, 50), grey, 0);
    expect(auto.pixel(99, 50)).not.toEqual(grey);
  });
});

describe('renderPreview: quality', () => {
  it.each(['jpg', 'webp', 'avif'] as const)('lower quality gives a smaller %s', async (output) => {
    const noisy = await paint(128, 128, (x, y) => [(x * 7919 + y * 104729) % 256, (x * y) % 256, (x ^ y) % 256, 255]).png().toBuffer();
    const low = await renderPreview(noisy, 'image/png', { output, quality: 10 });
    const high = await renderPreview(noisy, 'image/png', { output, quality: 90 });
    expect(low.body.length).toBeLessThan(high.body.length);
  });

  it('quality -1 (the default) and 0 still encode', async () => {
    for (const quality of [-1, 0]) expect((await decode((await renderPreview(jpeg, 'image/jpeg', { quality })).body)).format).toBe('jpeg');
  });
});

describe('renderPreview: border', () => {
  it('adds borderWidth pixels of borderColor on every side', async () => {
    const out = await decode((await renderPreview(jpeg, 'image/jpeg', { borderWidth: 5, borderColor: '00f', output: 'png' })).body);
    expect([out.width, out.height]).toEqual([210, 110]);
    expectNear(out.pixel(0, 0), BLUE, 0);
    expectNear(out.pixel(209, 109), BLUE, 0);
    expectNear(out.pixel(5, 5), RED, 4);
  });

  it('is black when no colour is given', async () => {
    const out = await decode((await renderPreview(jpeg, 'image/jpeg', { borderWidth: 3, output: 'png' })).body);
    expectNear(out.pixel(1, 1), [0, 0, 0, 255], 0);
  });
});

describe('renderPreview: borderRadius', () => {
  it('makes the corners transparent in a png and keeps the middle', async () => {
    const out = await decode((await renderPreview(jpeg, 'image/jpeg', { borderRadius: 20, output: 'png' })).body);
    expect(out.pixel(0, 0)[3]).toBe(0);
    expect(out.pixel(199, 99)[3]).toBe(0);
    expectNear(out.pixel(100, 50), RED, 4);
    expectNear(out.pixel(100, 0), RED, 4); // an edge, not a corner
  });

  it('shows the background in the corners of a jpg', async () => {
    const out = await decode((await renderPreview(jpeg, 'image/jpeg', { borderRadius: 20, background: '00ff00' })).body);
    expect(out.format).toBe('jpeg');
    expectNear(out.pixel(1, 1), GREEN, 12);
  });

  it('rounds the outer edge of a border', async () => {
    const out = await decode((await renderPreview(jpeg, 'image/jpeg', { borderWidth: 10, borderColor: '0000ff', borderRadius: 30, output: 'png' })).body);
    expect(out.pixel(0, 0)[3]).toBe(0);
    expectNear(out.pixel(110, 0), BLUE, 0);
    expectNear(out.pixel(110, 10), RED, 4);
  });
});

describe('renderPreview: opacity', () => {
  it('0.5 halves the alpha of opaque pixels', async () => {
    const out = await decode((await renderPreview(jpeg, 'image/jpeg', { opacity: 0.5, output: 'png' })).body);
    expect(out.channels).toBe(4);
    expectNear(out.pixel(50, 50), [255, 0, 0, 128], 4);
  });

  it('0 makes the image fully transparent', async () => {
    const out = await decode((await renderPreview(png, 'image/png', { opacity: 0 })).body);
    expect(out.pixel(10, 10)[3]).toBe(0);
  });

  it('is composited on the background for a jpg', async () => {
    const out = await decode((await renderPreview(jpeg, 'image/jpeg', { opacity: 0.5, background: '000000' })).body);
    expectNear(out.pixel(50, 50), [128, 0, 0, 255], 10);
  });
});

describe('renderPreview: rotation', () => {
  it('90 swaps width and height, clockwise', async () => {
    const out = await decode((await renderPreview(png, 'image/png', { rotation: 90 })).body);
    expect([out.width, out.height]).toEqual([100, 200]);
    expectNear(out.pixel(5, 5), BLUE, 0); // the bottom-left quadrant turns to the top-left
  });

  it('-90 is the same as 270', async () => {
    const out = await decode((await renderPreview(png, 'image/png', { rotation: -90 })).body);
    expect([out.width, out.height]).toEqual([100, 200]);
    expectNear(out.pixel(5, 5), GREEN, 0);
  });

  it('360 and 0 leave the image as it is', async () => {
    const out = await decode((await renderPreview(png, 'image/png', { rotation: 360 })).body);
    expect([out.width, out.height]).toEqual([200, 100]);
    expectNear(out.pixel(5, 5), RED, 0);
  });

  it('45 grows the canvas and leaves its corners transparent', async () => {
    const out = await decode((await renderPreview(jpeg, 'image/jpeg', { rotation: 45, output: 'png' })).body);
    expect(out.width).toBeGreaterThan(200);
    expect(out.pixel(0, 0)[3]).toBe(0);
    expectNear(out.pixel(Math.floor(out.width / 2), Math.floor(out.height / 2)), RED, 4);
  });
});

describe('renderPreview: background', () => {
  it('fills transparent pixels and drops the alpha channel', async () => {
    const out = await decode((await renderPreview(png, 'image/png', { background: 'ffff00' })).body);
    expect(out.channels).toBe(3);
    expectNear(out.pixel(190, 90), [255, 255, 0, 255], 0);
    expectNear(out.pixel(10, 10), RED, 0);
  });

  it('fills a flattened jpg', async () => {
    const out = await decode((await renderPreview(png, 'image/png', { background: 'ff00ff', output: 'jpeg' })).body);
    expectNear(out.pixel(190, 90), [255, 0, 255, 255], 12);
  });

  it('leaves transparency alone when not set', async () => {
    const out = await decode((await renderPreview(png, 'image/png', {})).body);
    expect(out.pixel(190, 90)).toEqual(CLEAR);
  });
});
