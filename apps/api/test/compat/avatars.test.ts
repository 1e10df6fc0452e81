// Avatars through the official SDKs: each `get*` builds a URL, which is loaded here as a browser
// would load an <img src>, and the bytes are decoded with sharp (and the QR code with a QR reader).
import jsqr from 'jsqr';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { SESSION_COOKIE, signUpAndIn } from './support/accounts.ts';
import { describeCompat } from './support/compat-suite.ts';
import { SITE_COLOURS, startPictureSite } from '../support/picture-site.ts';

// A CommonJS module whose typings declare an ES default export.
const jsQR = jsqr.default;

const site = await startPictureSite();
afterAll(() => site.close());

const THIRTY_DAYS = 'public, max-age=2592000';
const FORTY_FIVE_DAYS = 45 * 24 * 3600;

interface Loaded {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The error body, for a JSON answer. */
  error: { type?: string; message?: string; code?: number } | null;
}

async function load(url: string, cookie?: string): Promise<Loaded> {
  const response = await fetch(url, cookie ? { headers: { cookie } } : {});
  const body = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  return { status: response.status, headers: response.headers, body, error: json ? JSON.parse(body.toString()) : null };
}

/** Loads an avatar URL that must answer a picture, and returns its format and size. */
async function picture(url: string, cookie?: string): Promise<{ format: string | undefined; width: number; height: number; body: Buffer; headers: Headers }> {
  const loaded = await load(url, cookie);
  expect(loaded.status, `${url}: ${loaded.body.subarray(0, 200).toString()}`).toBe(200);
  const metadata = await sharp(loaded.body).metadata();
  return { format: metadata.format, width: metadata.width, height: metadata.height, body: loaded.body, headers: loaded.headers };
}

async function pixel(png: Buffer, left: number, top: number): Promise<string> {
  const rgb = await sharp(png).extract({ left, top, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
  return `#${rgb.toString('hex')}`;
}

/** Runs `check` over `items`, a few at a time. */
async function eachInBatches<T>(items: readonly T[], check: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += 16) await Promise.all(items.slice(start, start + 16).map(check));
}

describeCompat(
  'avatars',
  (context) => {
    const avatars = () => context.guest.avatars;

    it('getBrowser: every browser the SDK lists is a PNG, 100×100 unless asked otherwise', async () => {
      const { codes } = avatars();
      expect(codes.browsers).toHaveLength(14);
      await eachInBatches(codes.browsers, async (code) => {
        expect(await picture(avatars().getBrowser(code))).toMatchObject({ format: 'png', width: 100, height: 100 });
        expect(await picture(avatars().getBrowser(code, 48, 32))).toMatchObject({ format: 'png', width: 48, height: 32 });
      });
    });

    it('getCreditCard: every card brand the SDK lists is a PNG, 100×100 unless asked otherwise', async () => {
      const { codes } = avatars();
      expect(codes.creditCards).toHaveLength(17);
      await eachInBatches(codes.creditCards, async (code) => {
        expect(await picture(avatars().getCreditCard(code))).toMatchObject({ format: 'png', width: 100, height: 100 });
        expect(await picture(avatars().getCreditCard(code, 160, 0))).toMatchObject({ format: 'png', width: 160, height: 101 });
      });
    });

    it('getFlag: every country the SDK lists is a PNG of the size asked', async () => {
      const { codes } = avatars();
      expect(codes.flags).toHaveLength(195);
      await eachInBatches(codes.flags, async (code) => {
        expect(await picture(avatars().getFlag(code, 24, 16))).toMatchObject({ format: 'png', width: 24, height: 16 });
      });
    });

    it('icons: 0 follows the other side (both 0: the source size), and caches may keep them 30 days', async () => {
      expect(await picture(avatars().getFlag('ke', 300, 0))).toMatchObject({ width: 300, height: 200 });
      expect(await picture(avatars().getFlag('ke', 0, 50))).toMatchObject({ width: 75, height: 50 });
      expect(await picture(avatars().getFlag('ke', 0, 0))).toMatchObject({ width: 513, height: 342 });
      expect(await picture(avatars().getBrowser('ff', 0, 0))).toMatchObject({ width: 512, height: 512 });
      const { headers } = await picture(avatars().getCreditCard('visa'));
      expect(headers.get('content-type')).toBe('image/png');
      expect(headers.get('cache-control')).toBe(THIRTY_DAYS);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('content-disposition')).toBeNull();
    });

    it('icons: quality under 100 gives a smaller palette PNG; -1 and 100 keep every colour', async () => {
      const full = await picture(avatars().getFlag('br', 300, 200, 100));
      const kept = await picture(avatars().getFlag('br', 300, 200, -1));
      const reduced = await picture(avatars().getFlag('br', 300, 200, 20));
      expect(kept.body.equals(full.body)).toBe(true);
      expect(reduced.body.length).toBeLessThan(full.body.length);
      expect((await sharp(reduced.body).metadata()).isPalette).toBe(true);
    });

    it('a code outside the list is general_argument_invalid naming the list; letter case does not matter', async () => {
      const unknown = await load(avatars().getBrowser('zz'));
      expect(unknown.status).toBe(400);
      expect(unknown.error).toMatchObject({ type: 'general_argument_invalid', message: 'Invalid `code` param: Value must be one of (aa, an, ch, ci, cm, cr, ff, sf, mf, ps, oi, om, op, on)' });
      const card = await load(avatars().getCreditCard('paypal'));
      expect([card.status, card.error?.type]).toEqual([400, 'general_argument_invalid']);
      const flag = await load(avatars().getFlag('xx'));
      expect([flag.status, flag.error?.type]).toEqual([400, 'general_argument_invalid']);
      expect(await picture(avatars().getFlag('KE', 30, 20))).toMatchObject({ width: 30, height: 20 });
    });

    it("a size out of Appwrite's ranges is general_argument_invalid in its wording", async () => {
      const wide = await load(avatars().getFlag('ke', 2001, 10));
      expect(wide.error).toMatchObject({ type: 'general_argument_invalid', message: 'Invalid `width` param: Value must be a valid range between 0 and 2,000' });
      const quality = await load(avatars().getBrowser('ch', 10, 10, 101));
      expect(quality.error).toMatchObject({ type: 'general_argument_invalid', message: 'Invalid `quality` param: Value must be a valid range between -1 and 100' });
      const qr = await load(avatars().getQR('x', 1001));
      expect(qr.error).toMatchObject({ type: 'general_argument_invalid', message: 'Invalid `size` param: Value must be a valid range between 1 and 1,000' });
    });

    it('getInitials: the initials on a colour chosen from them (500×500 by default), or on the background asked', async () => {
      expect(await picture(avatars().getInitials('Jane Doe'))).toMatchObject({ format: 'png', width: 500, height: 500 });
      const sized = await picture(avatars().getInitials('Jane Doe', 120, 80));
      expect(sized).toMatchObject({ width: 120, height: 80 });
      // J + D = 142 → theme 2 of Appwrite's five.
      expect(await pixel(sized.body, 2, 2)).toBe('#7c67fe');
      expect(await pixel((await picture(avatars().getInitials('Jane Doe', 60, 60, 'ff0000'))).body, 1, 1)).toBe('#ff0000');
      expect(await pixel((await picture(avatars().getInitials('Jane Doe', 60, 60, '0f0'))).body, 1, 1)).toBe('#00ff00');
      expect(sized.headers.get('cache-control')).toBe(`public, max-age=${FORTY_FIVE_DAYS}`);
      const badColour = await load(avatars().getInitials('Jane Doe', 60, 60, 'red'));
      expect(badColour.error).toMatchObject({ type: 'general_argument_invalid', message: 'Invalid `background` param: Value must be a valid Hex color code' });
    });

    it("getInitials without a name: a guest gets an empty avatar, a signed-in user their own initials, kept private", async () => {
      const guest = await picture(avatars().getInitials(undefined, 40, 40));
      const raw = await sharp(guest.body).removeAlpha().raw().toBuffer();
      expect(new Set(raw.toString('hex').match(/.{6}/g)).size).toBe(1);

      const { user, token } = await signUpAndIn(context, 'initials');
      const cookie = `${SESSION_COOKIE}=${encodeURIComponent(token)}`;
      const own = await picture(avatars().getInitials(undefined, 64, 64), cookie);
      const named = await picture(avatars().getInitials(user.name, 64, 64));
      expect(own.body.equals(named.body)).toBe(true);
      expect(own.body.equals((await picture(avatars().getInitials(undefined, 64, 64))).body)).toBe(false);
      expect(own.headers.get('cache-control')).toBe(`private, max-age=${FORTY_FIVE_DAYS}`);
      // A name given in the URL wins over the session's.
      const given = await picture(avatars().getInitials('Zed Young', 64, 64), cookie);
      expect(given.body.equals((await picture(avatars().getInitials('Zed Young', 64, 64))).body)).toBe(true);
    });

    it('getQR: a code a reader decodes back to the text, size×size; download makes it the attachment qr.png', async () => {
      const text = 'https://ballot-atlas.example/elections/2027?lang=sw';
      const url = avatars().getQR(text, 240, 2);
      if (context.sdk.version === '28.0.0') expect(new URL(url).searchParams.get('impersonateuserid')).toBe('');
      const qr = await picture(url);
      expect(qr).toMatchObject({ format: 'png', width: 240, height: 240 });
      expect(qr.headers.get('content-disposition')).toBeNull();
      expect(qr.headers.get('cache-control')).toBe(`public, max-age=${FORTY_FIVE_DAYS}`);
      const { data, info } = await sharp(qr.body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(text);

      const byDefault = await picture(avatars().getQR('hello'));
      expect(byDefault).toMatchObject({ width: 400, height: 400 });
      const downloaded = await picture(avatars().getQR('hello', 100, 0, true));
      expect(downloaded).toMatchObject({ width: 100, height: 100 });
      expect(downloaded.headers.get('content-disposition')).toBe('attachment; filename="qr.png"');
      expect((await load(avatars().getQR('hello', 100, 0, false))).headers.get('content-disposition')).toBeNull();
      const tooLong = await load(avatars().getQR('x'.repeat(513)));
      expect(tooLong.error).toMatchObject({ type: 'general_argument_invalid', message: 'Invalid `text` param: Value must be a valid string and no longer than 512 chars' });
    });

    it('getImage: a remote picture cropped to the size asked (400×400 by default)', async () => {
      expect(await picture(avatars().getImage(`${site.origin}/photo.jpg`))).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
      expect(await picture(avatars().getImage(`${site.origin}/photo.png`, 90, 0))).toMatchObject({ format: 'png', width: 90, height: 60 });
      const missing = await load(avatars().getImage(`${site.origin}/text`));
      expect([missing.status, missing.error?.type]).toEqual([404, 'avatar_image_not_found']);
    });

    it("getFavicon: the site's largest icon as a 56×56 PNG", async () => {
      const icon = await picture(avatars().getFavicon(`${site.origin}/`));
      expect(icon).toMatchObject({ format: 'png', width: 56, height: 56 });
      expect(await pixel(icon.body, 28, 28)).toBe(SITE_COLOURS.touch);
    });

    it('getImage and getFavicon refuse internal addresses with avatar_remote_url_failed', async () => {
      for (const url of [avatars().getImage('http://169.254.169.254/latest/meta-data'), avatars().getFavicon('http://10.0.0.1/'), avatars().getImage(`${site.origin}/redirect-metadata`)]) {
        const refused = await load(url);
        expect([refused.status, refused.error?.type], url).toEqual([404, 'avatar_remote_url_failed']);
      }
    });
  },
  { env: { AVATARS_ALLOWED_HOSTS: site.host } },
);
