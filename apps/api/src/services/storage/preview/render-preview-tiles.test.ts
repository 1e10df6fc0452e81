import sharp from 'sharp';
import { ensureDebianTool } from '../../../../test/support/debian-tool.ts';
import { describe, expect, it } from 'vitest';
import { PreviewError } from './preview-error.ts';
import { decode, expectNear, paint, pixelBomb, RED, type Rgba } from './preview-test-images.ts';
import { canEncodeHeic, PREVIEW_SIZE_LIMIT, renderPreview } from './render-preview.ts';

const TILE: Rgba = [0xec, 0xef, 0xf1, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('renderPreview: files that are not transformable images', () => {
  it('draws a file-type tile on eceff1, as a png, 256 px square by default', async () => {
    const result = await renderPreview(pdf, 'application/pdf', {});
    const out = await decode(result.body);
    expect(result.contentType).toBe('image/png');
    expect(out).toMatchObject({ format: 'png', width: 256, height: 256 });
    expectNear(out.pixel(0, 0), TILE, 0);
    expectNear(out.pixel(128, 90), WHITE, 0); // the page of the document icon
  });

  it('puts the extension label on a coloured badge', async () => {
    const out = await decode((await renderPreview(pdf, 'application/pdf', { width: 1000, height: 1000 })).body);
    // The icon is 600 px (6 px a unit) at (200, 200); the PDF badge spans units 26.8–73.2 across, 54–78 down, red (#e53935),
    // with the white label strokes between units 34.8 and 65.2.
    expectNear(out.pixel(200 + 29 * 6, 200 + 57 * 6), [0xe5, 0x39, 0x35, 255], 0);
    const across = Array.from({ length: 31 }, (_, i) => out.pixel(200 + (35 + i) * 6, 200 + 66 * 6));
    expect(across.some((pixel) => pixel[1] > 200)).toBe(true); // white text crosses the middle line of the badge
  });

  it('takes the requested size, background and format', async () => {
    const result = await renderPreview(Buffer.from('just text'), 'text/plain', { width: 120, height: 80, background: 'ff0000', output: 'jpg' });
    const out = await decode(result.body);
    expect(result.contentType).toBe('image/jpeg');
    expect(out).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    expectNear(out.pixel(2, 2), RED, 12);
  });

  it('is square when only one side is given', async () => {
    const out = await decode((await renderPreview(pdf, 'application/pdf', { height: 90 })).body);
    expect([out.width, out.height]).toEqual([90, 90]);
  });

  it('takes the other transforms too (border, radius)', async () => {
    const out = await decode((await renderPreview(pdf, 'application/pdf', { width: 100, height: 100, borderWidth: 4, borderColor: '0000ff', borderRadius: 16 })).body);
    expect([out.width, out.height]).toEqual([108, 108]);
    expect(out.pixel(0, 0)[3]).toBe(0);
    expectNear(out.pixel(54, 1), [0, 0, 255, 255], 0);
  });

  it('never hands SVG to the decoder, whatever the declared mime type', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><rect width="50" height="50" fill="#ff0000"/></svg>');
    for (const mime of ['image/png', 'image/svg+xml']) {
      const out = await decode((await renderPreview(svg, mime, {})).body);
      expect([out.width, out.height]).toEqual([256, 256]);
      expectNear(out.pixel(0, 0), TILE, 0);
    }
  });

  it('shows a tile for a truncated image', async () => {
    const jpeg = await paint(200, 100, () => RED).jpeg().toBuffer();
    const out = await decode((await renderPreview(jpeg.subarray(0, 300), 'image/jpeg', {})).body);
    expect([out.width, out.height]).toEqual([256, 256]);
    expectNear(out.pixel(0, 0), TILE, 0);
  });
});

describe('renderPreview: limits', () => {
  it('shows a picture placeholder for a file over 20 MB', async () => {
    const big = Buffer.concat([await paint(10, 10, () => RED).png().toBuffer(), Buffer.alloc(PREVIEW_SIZE_LIMIT)]);
    const result = await renderPreview(big, 'image/png', { width: 1000, height: 1000 });
    const out = await decode(result.body);
    expect(result.contentType).toBe('image/png');
    expectNear(out.pixel(0, 0), TILE, 0);
    expectNear(out.pixel(200 + 33 * 6, 200 + 39 * 6), [0xb0, 0xbe, 0xc5, 255], 0); // the sun of the picture icon
  });

  it('refuses a decompression bomb with a PreviewError the route maps to 400', async () => {
    const error = await renderPreview(pixelBomb(), 'image/png', { width: 100 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PreviewError);
    expect((error as PreviewError).reason).toBe('input_too_large');
    expect((error as PreviewError).toAppwriteError()).toMatchObject({ code: 400, type: 'general_bad_request' });
  });
});

describe('renderPreview: heic output', async () => {
  const heic = await canEncodeHeic();
  const heifEnc = !heic && ensureDebianTool('heif-enc', 'libheif-examples') !== undefined;

  it.runIf(heifEnc)('is encoded as HEVC HEIC by heif-enc when libvips cannot, at the requested size', async () => {
    const result = await renderPreview(await paint(40, 30, () => RED).png().toBuffer(), 'image/png', { output: 'heic', width: 20, quality: 60 });
    expect(result.contentType).toBe('image/heic');
    const metadata = await sharp(result.body).metadata();
    expect(metadata).toMatchObject({ format: 'heif', width: 20, height: 15, compression: 'hevc' });
  });

  it.runIf(!heic && !heifEnc)('is refused with the Appwrite whitelist wording when libvips has no HEVC encoder', async () => {
    const error = await renderPreview(await paint(10, 10, () => RED).png().toBuffer(), 'image/png', { output: 'heic' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PreviewError);
    expect((error as PreviewError).reason).toBe('output_unsupported');
    expect((error as PreviewError).toAppwriteError()).toMatchObject({
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid `output` param: Value must be one of (jpg, jpeg, png, gif, webp, avif)',
    });
  });

  it.runIf(heic)('is encoded as HEVC HEIF when libvips can', async () => {
    const result = await renderPreview(await paint(10, 10, () => RED).png().toBuffer(), 'image/png', { output: 'heic' });
    expect(result.contentType).toBe('image/heic');
    expect((await decode(result.body)).compression).toBe('hevc');
  });
});
