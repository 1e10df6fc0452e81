// File previews through the URL each SDK builds (getFilePreview): the parameters reach the
// renderer, the answer is cached (by the browser through ETag/304, and in the server's preview cache), a
// PDF becomes a file-type tile, and previews follow the file's permissions and lifetime. The
// renderer's own cases (every gravity, every format) are in services/storage/preview/*.test.ts.
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { BLUE, decode, expectNear, quadrants, RED, type Rgba } from '../../src/services/storage/preview/preview-test-images.ts';
import { storedObjects } from '../support/stored-objects.ts';
import { SESSION_COOKIE, signUpAndIn } from './support/accounts.ts';
import { describeCompat } from './support/compat-suite.ts';
import type { PreviewOptions, WireFile } from './support/storage-api.ts';

const THIRTY_DAYS = 'private, max-age=2592000';
const GREEN: Rgba = [0, 255, 0, 255];
const YELLOW: Rgba = [255, 255, 0, 255];
const TILE: Rgba = [0xec, 0xef, 0xf1, 255];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function load(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describeCompat('storage previews', (context) => {
  let picture: WireFile;
  let pdf: WireFile;
  const storage = () => context.guest.storage;
  const preview = (file: WireFile, options?: PreviewOptions) => storage().getFilePreview(file.bucketId, file.$id, options);
  const cached = (file: WireFile) => storedObjects(context.server).previewHashes(file.bucketId, file.$id);

  beforeAll(async () => {
    // 200 × 100: red, green / blue, transparent. In `sealed`, so it is also gzipped and encrypted at rest.
    const png = await quadrants().png().toBuffer();
    picture = await storage().createFile('sealed', context.sdk.ID.unique(), new File([png], 'quadrants.png'));
    pdf = await storage().createFile('docs', context.sdk.ID.unique(), new File([PDF], 'manifesto.pdf'));
  });

  it('resize, crop gravity, border, rotation, quality and output all reach the renderer', async () => {
    const url = preview(picture, { width: 100, height: 100, gravity: 'left', borderWidth: 5, borderColor: '00ff00', rotation: 90, quality: 90, output: 'webp' });
    expect(new URL(url).searchParams.get('impersonateuserid')).toBe(context.sdk.version === '28.0.0' ? '' : null);
    const served = await load(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const out = await decode(served.body);
    expect([out.format, out.width, out.height]).toEqual(['webp', 110, 110]);
    expectNear(out.pixel(1, 1), GREEN, 12);
    // The left half (red over blue) turned a quarter clockwise: blue on the left, red on the right.
    expectNear(out.pixel(30, 55), BLUE, 12);
    expectNear(out.pixel(80, 55), RED, 12);
  });

  it('height alone keeps the aspect ratio; radius, opacity and background reach the renderer', async () => {
    const out = await decode((await load(preview(picture, { height: 50, borderRadius: 10, opacity: 0.5, background: 'ffff00', output: 'png' }))).body);
    expect([out.format, out.width, out.height]).toEqual(['png', 100, 50]);
    // As in Appwrite: opacity, then the background under the picture, then the corners cut round (transparent in a png).
    expectNear(out.pixel(25, 12), [255, 128, 0, 255], 6);
    expectNear(out.pixel(75, 37), YELLOW, 6);
    expect(out.pixel(0, 0)[3]).toBe(0);
  });

  it('answers with a 30-day private cache lifetime and an ETag; If-None-Match gets 304 without a body', async () => {
    const url = preview(picture, { width: 40 });
    const first = await load(url);
    expect(first.headers.get('cache-control')).toBe(THIRTY_DAYS);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const revalidated = await load(url, { 'if-none-match': etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    // The same preview spelled differently (jpeg for jpg, defaults written out) is the same ETag; another size is not.
    const jpg = (await load(preview(picture, { width: 40, output: 'jpg' }))).headers.get('etag');
    expect((await load(preview(picture, { width: 40, height: 0, gravity: 'center', quality: -1, output: 'jpeg' }))).headers.get('etag')).toBe(jpg);
    expect((await load(preview(picture, { width: 41 }))).headers.get('etag')).not.toBe(etag);
  });

  it('a repeated preview is served from the server\'s cache, not rendered again', async () => {
    const url = preview(picture, { width: 64, output: 'png' });
    const first = await load(url);
    const entries = await cached(picture);
    const etag = first.headers.get('etag')!.slice(1, -1);
    expect(entries).toContain(etag);
    // Swap the cached entry for a different picture: if the second request rendered again, it would not see it.
    const marker = await sharp({ create: { width: 7, height: 7, channels: 3, background: '#123456' } }).png().toBuffer();
    await storedObjects(context.server).putPreview(picture.bucketId, picture.$id, etag, Buffer.concat([Buffer.from('image/png\n'), marker]));
    const second = await load(url);
    expect(second.body.equals(marker)).toBe(true);
    expect((await cached(picture)).length).toBe(entries.length);
  });

  it('a PDF is previewed as a file-type tile (a PNG, as Appwrite\'s logo files are) on the default background', async () => {
    const served = await load(preview(pdf, { width: 200, height: 150 }));
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    const out = await decode(served.body);
    expect([out.format, out.width, out.height]).toEqual(['png', 200, 150]);
    expectNear(out.pixel(2, 2), TILE, 6);
    const square = await decode((await load(preview(pdf, { width: 120, output: 'jpg' }))).body);
    expect([square.format, square.width, square.height]).toEqual(['jpeg', 120, 120]);
  });

  it('refuses out-of-range parameters with the validator\'s message', async () => {
    const cases: [string, string][] = [['width=4001', 'width'], ['output=bmp', 'output'], ['gravity=middle', 'gravity'], ['borderColor=%23ff0000', 'borderColor'], ['opacity=1.5', 'opacity'], ['rotation=361', 'rotation']];
    for (const [query, name] of cases) {
      const response = await fetch(`${context.endpoint}/storage/buckets/${picture.bucketId}/files/${picture.$id}/preview?project=test-project&${query}`);
      const body = (await response.json()) as { type: string; message: string };
      expect({ status: response.status, type: body.type }, query).toEqual({ status: 400, type: 'general_argument_invalid' });
      expect(body.message, query).toContain(`\`${name}\``);
    }
  });

  it('follows the file\'s permissions, and goes with the file', async () => {
    const owner = await signUpAndIn(context, 'previewer');
    const png = await quadrants().png().toBuffer();
    const own = await owner.connection.storage.createFile('private', context.sdk.ID.unique(), new File([png], 'mine.png'));
    const url = preview(own, { width: 20 });
    expect((await load(url)).status).toBe(404);
    const withCookie = await load(url, { cookie: `${SESSION_COOKIE}=${encodeURIComponent(owner.token)}` });
    expect(withCookie.status).toBe(200);
    expect(await cached(own)).toHaveLength(1);

    await owner.connection.storage.deleteFile('private', own.$id);
    const gone = await load(url, { cookie: `${SESSION_COOKIE}=${encodeURIComponent(owner.token)}` });
    expect({ status: gone.status, type: (JSON.parse(gone.body.toString()) as { type: string }).type }).toEqual({ status: 404, type: 'storage_file_not_found' });
    expect(await cached(own)).toEqual([]);
  });
});
