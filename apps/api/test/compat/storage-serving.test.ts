// Serving stored files through the URLs both SDKs build (view, download): the headers that keep a
// user's file from acting as a page of the site, ranges, and files compressed and encrypted at rest.
import { get } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { storedObjects } from '../support/stored-objects.ts';
import { TEST_PROJECT } from '../support/test-server.ts';
import { CHUNK_SIZE, md5, randomContent } from '../support/upload-http.ts';
import { describeCompat, type CompatContext } from './support/compat-suite.ts';
import type { WireFile } from './support/storage-api.ts';

const FORTY_FIVE_DAYS = 'private, max-age=3888000';
/** The smallest PDF file-type recognises (the magic number is what counts). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
const HTML = '<!doctype html><html><body><script>fetch("/v1/account")</script></body></html>';

interface Served {
  status: number;
  headers: Headers;
  body: Buffer;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Served> {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** What a browser is told to do with the bytes. */
function presentation(served: Served): { status: number; type: string | null; disposition: string | null; nosniff: string | null } {
  return { status: served.status, type: served.headers.get('content-type'), disposition: served.headers.get('content-disposition'), nosniff: served.headers.get('x-content-type-options') };
}

describeCompat('storage serving', (context) => {
  const storage = () => context.guest.storage;
  /** Uploads as a guest into `docs` (pdf/txt) or `sealed` (any type); `photos` needs a user, so public files go to `sealed` too. */
  const upload = (bucketId: string, bytes: BlobPart, name: string, type = '') => storage().createFile(bucketId, context.sdk.ID.unique(), new File([bytes], name, { type }));

  it('a stored text file goes out as stored even to a client that accepts Brotli, while a long JSON list is compressed', async () => {
    const text = 'Polling stations open at seven.\n'.repeat(200);
    const file = await upload('docs', text, 'notice.txt');
    const raw = (url: string) => new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    for (const url of [storage().getFileView('docs', file.$id), storage().getFileDownload('docs', file.$id)]) {
      const served = await raw(String(url));
      expect(served.encoding, String(url)).toBeUndefined();
      expect(served.body.toString()).toBe(text);
    }
    const countries = await raw(`${context.endpoint}/locale/countries?project=${TEST_PROJECT}`);
    expect(countries.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(countries.body).toString()).total).toBeGreaterThan(200);
  });

  it('the URL builders of this generation produce URLs the server takes (SDK 28 adds an empty impersonateuserid)', async () => {
    const file = await upload('docs', 'hello', 'hello.txt');
    for (const url of [storage().getFileView('docs', file.$id), storage().getFileDownload('docs', file.$id)]) {
      const params = new URL(url).searchParams;
      expect(params.get('project')).toBe('test-project');
      expect(params.get('impersonateuserid')).toBe(context.sdk.version === '28.0.0' ? '' : null);
      const served = await load(url);
      expect(served.status).toBe(200);
      expect(served.body.toString()).toBe('hello');
    }
  });

  it('view shows an image inline, typed from its bytes, with nosniff, a script-free CSP and a 45-day private cache', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
    // The declared type is wrong on purpose: the server goes by the bytes.
    const file = await upload('sealed', png, 'turnout chart.png', 'text/html');
    expect(file.mimeType).toBe('image/png');
    const served = await load(storage().getFileView('sealed', file.$id));
    expect(presentation(served)).toEqual({ status: 200, type: 'image/png', disposition: 'inline; filename="turnout chart.png"', nosniff: 'nosniff' });
    expect(served.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(served.headers.get('cache-control')).toBe(FORTY_FIVE_DAYS);
    expect(await sharp(served.body).metadata()).toMatchObject({ format: 'png', width: 30, height: 20 });
  });

  it('view shows a PDF inline', async () => {
    const file = await upload('docs', PDF, 'manifesto.pdf');
    expect(file.mimeType).toBe('application/pdf');
    const served = await load(storage().getFileView('docs', file.$id));
    expect(presentation(served)).toEqual({ status: 200, type: 'application/pdf', disposition: 'inline; filename="manifesto.pdf"', nosniff: 'nosniff' });
    expect(served.body).toEqual(PDF);
  });

  it('an uploaded SVG, HTML page, or HTML named .png is never shown inline: it downloads as application/octet-stream', async () => {
    const cases: [string, string, string][] = [['badge.svg', SVG, 'image/svg+xml'], ['page.html', HTML, 'text/html'], ['photo.png', HTML, 'image/png']];
    for (const [name, content, declared] of cases) {
      const file = await upload('sealed', content, name, declared);
      expect(file.mimeType, name).not.toMatch(/^image\/png$/);
      const served = await load(storage().getFileView('sealed', file.$id));
      expect(presentation(served), name).toEqual({ status: 200, type: 'application/octet-stream', disposition: `attachment; filename="${name}"`, nosniff: 'nosniff' });
      expect(served.headers.get('content-security-policy'), name).toMatch(/default-src 'none'.*sandbox/);
      expect(served.body.toString(), name).toBe(content);
    }
  });

  it('download sends the bytes as an attachment under the file\'s name, also a non-ASCII one', async () => {
    const plain = await upload('docs', PDF, 'manifesto.pdf');
    const served = await load(storage().getFileDownload('docs', plain.$id));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="manifesto.pdf"');
    expect(served.headers.get('cache-control')).toBe(FORTY_FIVE_DAYS);
    expect(served.body).toEqual(PDF);

    const accented = await upload('docs', 'résultats', 'résultats du 2e tour.txt');
    const disposition = (await load(storage().getFileDownload('docs', accented.$id))).headers.get('content-disposition') ?? '';
    expect(disposition.startsWith('attachment;')).toBe(true);
    const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
    expect(decodeURIComponent(encoded ?? '')).toBe('résultats du 2e tour.txt');
  });

  rangeCases(context);
  atRestCases(context);
});

/** Range requests, on a one-request file and across a chunk boundary of a chunked one. */
function rangeCases(context: CompatContext): void {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz';
  let small: WireFile;
  let large: { file: WireFile; bytes: Uint8Array };
  beforeAll(async () => {
    small = await context.guest.storage.createFile('docs', context.sdk.ID.unique(), new File([alphabet], 'alphabet.txt'));
    const bytes = randomContent(2 * CHUNK_SIZE + 100);
    large = { file: await context.guest.storage.createFile('sealed', context.sdk.ID.unique(), new File([bytes], 'large.bin')), bytes };
  });
  const range = (file: WireFile, value: string, mode: 'view' | 'download' = 'view') => {
    const url = mode === 'view' ? context.guest.storage.getFileView(file.bucketId, file.$id) : context.guest.storage.getFileDownload(file.bucketId, file.$id);
    return load(url, { range: value });
  };

  it('Range: a byte range answers 206 with Content-Range; a suffix, an open end and an end past the file are honoured', async () => {
    const cases: [string, string, string][] = [
      ['bytes=0-9', 'bytes 0-9/26', 'abcdefghij'],
      ['bytes=-5', 'bytes 21-25/26', 'vwxyz'],
      ['bytes=20-', 'bytes 20-25/26', 'uvwxyz'],
      ['bytes=24-1000', 'bytes 24-25/26', 'yz'],
    ];
    for (const [header, contentRange, body] of cases) {
      for (const mode of ['view', 'download'] as const) {
        const served = await range(small, header, mode);
        expect({ status: served.status, range: served.headers.get('content-range'), body: served.body.toString() }, `${mode} ${header}`).toEqual({ status: 206, range: contentRange, body });
        expect(served.headers.get('accept-ranges')).toBe('bytes');
      }
    }
  });

  it('Range: a range that starts past the end, or cannot be read, is 416 storage_invalid_range', async () => {
    for (const header of ['bytes=26-', 'bytes=30-40', 'bytes=9-3', 'bytes=abc', 'lines=1-2']) {
      const served = await range(small, header);
      expect({ status: served.status, type: (JSON.parse(served.body.toString()) as { type: string }).type }, header).toEqual({ status: 416, type: 'storage_invalid_range' });
    }
  });

  it('Range: bytes across a chunk boundary of a chunked upload come back in order', async () => {
    const start = CHUNK_SIZE - 10;
    const served = await range(large.file, `bytes=${start}-${start + 19}`);
    expect(served.status).toBe(206);
    expect(served.headers.get('content-range')).toBe(`bytes ${start}-${start + 19}/${large.bytes.length}`);
    expect(served.body).toEqual(Buffer.from(large.bytes.subarray(start, start + 20)));
  });
}

/** The `sealed` bucket: gzip and AES-256-GCM at rest, for files up to 20 MB (20,000,000 bytes, as Appwrite counts). */
function atRestCases(context: CompatContext): void {
  const atRest = async (file: WireFile) => (await storedObjects(context.server).fileBytes(file.bucketId, file.$id))!;
  const text = (size: number) => Buffer.from('Polling station 042, Nairobi — turnout 61.2 %\n'.repeat(Math.ceil(size / 46))).subarray(0, size);

  it('a compressible file is stored gzipped and encrypted, and served as the original', async () => {
    const original = text(300_000);
    const file = await context.guest.storage.createFile('sealed', context.sdk.ID.unique(), new File([original], 'turnout.csv'));
    expect(file).toMatchObject({ sizeOriginal: original.length, compression: 'gzip', encryption: true, signature: md5(original) });
    expect(file.sizeActual).toBeLessThan(original.length / 10);
    const stored = await atRest(file);
    expect(stored.length).toBe(file.sizeActual);
    expect(stored.includes('Polling station')).toBe(false);

    const served = await load(context.guest.storage.getFileView('sealed', file.$id));
    expect(served.body.equals(original)).toBe(true);
    const part = await load(context.guest.storage.getFileDownload('sealed', file.$id), { range: 'bytes=100000-100099' });
    expect(part.status).toBe(206);
    expect(part.body.equals(original.subarray(100_000, 100_100))).toBe(true);
  });

  it('at exactly 20,000,000 bytes a file is still sealed; one byte more and it is stored as it came', async () => {
    const { ID } = context.sdk;
    const atLimit = await context.guest.storage.createFile('sealed', ID.unique(), new File([text(20_000_000)], 'at-limit.csv'));
    expect(atLimit).toMatchObject({ compression: 'gzip', encryption: true });
    expect(atLimit.sizeActual).toBeLessThan(2_000_000);

    const original = text(20_000_001);
    const over = await context.guest.storage.createFile('sealed', ID.unique(), new File([original], 'over-limit.csv'));
    expect(over).toMatchObject({ compression: 'none', encryption: false, sizeActual: 20_000_001 });
    expect((await atRest(over)).equals(original)).toBe(true);
    expect(md5((await load(context.guest.storage.getFileView('sealed', over.$id))).body)).toBe(md5(original));
  });
}
