// /avatars/favicon and /avatars/image fetch URLs a client names. Against a local site: with the
// site allow-listed (as tests must) they work, and redirects into private addresses are still
// refused; without it, loopback, private, link-local and metadata addresses are refused before any
// connection is made. Size and time are capped.
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/scenario.ts';
import { SITE_COLOURS, startPictureSite } from '../../support/picture-site.ts';
import { TEST_PROJECT, type TestServer } from '../../support/test-server.ts';

const site = await startPictureSite();
afterAll(() => site.close());

/** Far below the 10 s default fetch timeout: proof that no connection to the address was tried. */
const REFUSED_FAST_MS = 1000;

interface Answer {
  status: number;
  type: string | null;
  json: { type?: string; message?: string } | null;
  body: Buffer;
  elapsed: number;
}

async function avatar(server: TestServer, endpoint: 'image' | 'favicon', query: Record<string, string>): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${server.endpoint}/avatars/${endpoint}?${new URLSearchParams({ ...query, project: TEST_PROJECT })}`);
  const body = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type');
  return { status: response.status, type, json: type?.startsWith('application/json') ? JSON.parse(body.toString()) : null, body, elapsed: performance.now() - started };
}

async function centreColour(png: Buffer): Promise<string> {
  const { width, height } = await sharp(png).metadata();
  const pixel = await sharp(png).extract({ left: Math.floor(width / 2), top: Math.floor(height / 2), width: 1, height: 1 }).removeAlpha().raw().toBuffer();
  return `#${pixel.toString('hex')}`;
}

/** JPEG shifts colours a little. */
function expectNear(actual: string, expected: string): void {
  const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  const [a, b] = [channels(actual), channels(expected)];
  expect(a.every((value, index) => Math.abs(value - b[index]!) <= 8), `${actual} ≈ ${expected}`).toBe(true);
}

function expectRefused(answer: Answer, type = 'avatar_remote_url_failed'): void {
  expect(answer.status).toBe(404);
  expect(answer.json?.type).toBe(type);
}

describe('avatars fetch remote URLs from an allow-listed local site', () => {
  const server = useTestServer('sqlite', { env: { AVATARS_ALLOWED_HOSTS: site.host, AVATARS_FETCH_TIMEOUT_MS: '1000' } });

  it('image: fetches, crops to the size asked and keeps JPEG', async () => {
    const answer = await avatar(server(), 'image', { url: `${site.origin}/photo.jpg`, width: '120', height: '90' });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('image/jpeg');
    const metadata = await sharp(answer.body).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 120, 90]);
  });

  it('image: 400×400 by default, and one side 0 keeps the aspect ratio', async () => {
    const square = await sharp((await avatar(server(), 'image', { url: `${site.origin}/photo.png` })).body).metadata();
    expect([square.format, square.width, square.height]).toEqual(['png', 400, 400]);
    const wide = await sharp((await avatar(server(), 'image', { url: `${site.origin}/photo.jpg`, width: '200', height: '0' })).body).metadata();
    expect([wide.width, wide.height]).toEqual([200, 150]);
  });

  it('image: follows a redirect within the allowed site', async () => {
    const answer = await avatar(server(), 'image', { url: `${site.origin}/redirect-local`, width: '50', height: '50' });
    expect(answer.status).toBe(200);
    expectNear(await centreColour(answer.body), SITE_COLOURS.photo);
    expect(site.hits('/photo.jpg')).toBeGreaterThan(0);
  });

  it('image: what is not a raster picture is avatar_image_not_found (text, SVG, a missing file)', async () => {
    expectRefused(await avatar(server(), 'image', { url: `${site.origin}/text` }), 'avatar_image_not_found');
    expectRefused(await avatar(server(), 'image', { url: `${site.origin}/drawing.svg` }), 'avatar_image_not_found');
    expectRefused(await avatar(server(), 'image', { url: `${site.origin}/nothing-here.png` }), 'avatar_image_not_found');
  });

  it('favicon: takes the largest declared icon, as a 56×56 PNG', async () => {
    const answer = await avatar(server(), 'favicon', { url: `${site.origin}/` });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('image/png');
    const metadata = await sharp(answer.body).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 56, 56]);
    expect(await centreColour(answer.body)).toBe(SITE_COLOURS.touch);
  });

  it('favicon: falls back to /favicon.ico (a PNG inside an ICO)', async () => {
    const answer = await avatar(server(), 'favicon', { url: `${site.origin}/plain/` });
    expect(answer.status).toBe(200);
    expect(await centreColour(answer.body)).toBe(SITE_COLOURS.root);
  });

  it('favicon: decodes an ICO holding a BMP picture', async () => {
    const answer = await avatar(server(), 'favicon', { url: `${site.origin}/legacy/` });
    expect(answer.status).toBe(200);
    expect(await centreColour(answer.body)).toBe(SITE_COLOURS.legacy);
  });

  it('favicon: skips a declared icon that is gone and takes the next', async () => {
    const answer = await avatar(server(), 'favicon', { url: `${site.origin}/broken-icon/` });
    expect(answer.status).toBe(200);
    expect(await centreColour(answer.body)).toBe(SITE_COLOURS.icon);
  });

  it('refuses a redirect from the allowed site into 169.254.169.254 or 10.0.0.1, without connecting there', async () => {
    for (const path of ['/redirect-metadata', '/redirect-private']) {
      for (const endpoint of ['image', 'favicon'] as const) {
        const answer = await avatar(server(), endpoint, { url: `${site.origin}${path}` });
        expectRefused(answer);
        expect(answer.elapsed).toBeLessThan(REFUSED_FAST_MS);
      }
    }
  });

  it('refuses a page whose icon link points at a private address', async () => {
    const answer = await avatar(server(), 'favicon', { url: `${site.origin}/private-icon/` });
    expectRefused(answer);
    expect(answer.elapsed).toBeLessThan(REFUSED_FAST_MS);
  });

  it('stops after 5 redirects', async () => {
    const before = site.hits('/redirect-loop');
    expectRefused(await avatar(server(), 'image', { url: `${site.origin}/redirect-loop` }), 'avatar_image_not_found');
    expect(site.hits('/redirect-loop') - before).toBe(6);
  });

  it('refuses a body over 5 MB, declared or not', async () => {
    for (const path of ['/huge', '/huge-declared']) {
      const answer = await avatar(server(), 'image', { url: `${site.origin}${path}` });
      expectRefused(answer, 'avatar_image_not_found');
      expect(answer.json?.message).toBe('The remote file is larger than 5 MB.');
    }
  });

  it('gives up on a slow server when the fetch time (1 s here) runs out', async () => {
    const answer = await avatar(server(), 'image', { url: `${site.origin}/slow` });
    expectRefused(answer, 'avatar_image_not_found');
    expect(answer.json?.message).toBe('The remote server did not answer in time.');
    expect(answer.elapsed).toBeGreaterThan(900);
    expect(answer.elapsed).toBeLessThan(3000);
  });
});

describe('avatars refuse internal addresses when nothing is allow-listed', () => {
  const server = useTestServer('sqlite');

  const internal = [
    ['the local site itself', () => `${site.origin}/photo.jpg`],
    ['loopback', () => 'http://127.0.0.1/'],
    ['a private address', () => 'http://10.0.0.1/'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', () => 'http://[::1]/'],
    ['an IPv4-mapped IPv6 loopback', () => 'http://[::ffff:127.0.0.1]/'],
    ['localhost by name', () => 'http://localhost/'],
    ['an IPv4 address written as a number', () => 'http://2130706433/'],
  ] as const;

  for (const [what, url] of internal) {
    it(`refuses ${what}, fast, for image and favicon`, async () => {
      const before = site.hits('/photo.jpg');
      for (const endpoint of ['image', 'favicon'] as const) {
        const answer = await avatar(server(), endpoint, { url: url() });
        expectRefused(answer);
        expect(answer.json?.message).toBe('The URL points to a private, local or reserved address and is not fetched.');
        expect(answer.elapsed).toBeLessThan(REFUSED_FAST_MS);
      }
      expect(site.hits('/photo.jpg')).toBe(before);
    });
  }

  it('takes only http and https URLs', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.org/a.png', 'gopher://127.0.0.1:6379/_INFO']) {
      const answer = await avatar(server(), 'image', { url });
      expect(answer.status).toBe(400);
      expect(answer.json?.type).toBe('general_argument_invalid');
    }
  });
});
