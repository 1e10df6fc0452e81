/**
 * Pictures (issue 5 item 5): candidate photos as AVIF/WebP previews, initials for candidates
 * without one, party logos, the share QR code (decoded back to the page's address), copying the
 * link, og:image and JSON-LD images, and no broken picture on any page of the site.
 */
import jsqr from 'jsqr';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from './support/api.ts';
import { api, baseUrl, closeBrowser, newContext, open, siteFetch } from './support/browser.ts';
import { allPages, candidatePagePath, candidateWithPhoto } from './support/pages.ts';

/** jsqr is CommonJS with its function on `default`. */
const jsQR = jsqr.default;

afterAll(closeBrowser);

interface Picture {
  src: string;
  currentSrc: string;
  alt: string;
  naturalWidth: number;
  width: number;
  height: number;
  loading: string;
  fetchPriority: string;
  sources: { type: string; srcset: string }[];
}

/** Loads every picture (lazy ones too) and describes those matching `selector`. */
async function pictures(page: Page, selector = 'img'): Promise<Picture[]> {
  return page.evaluate(async (selector) => {
    const images = [...document.querySelectorAll<HTMLImageElement>(selector)];
    const loading = images.map((image) => image.getAttribute('loading') ?? '');
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => {})));
    return images.map((image, index) => ({
      src: image.getAttribute('src') ?? '',
      currentSrc: image.currentSrc,
      alt: image.alt,
      naturalWidth: image.naturalWidth,
      width: image.width,
      height: image.height,
      loading: loading[index]!,
      fetchPriority: image.getAttribute('fetchpriority') ?? '',
      sources: [...(image.parentElement?.tagName === 'PICTURE' ? image.parentElement.querySelectorAll('source') : [])].map((source) => ({ type: source.type, srcset: source.srcset })),
    }));
  }, selector);
}

async function canonicalOf(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="canonical"]')!.href);
}

describe('candidate pictures', () => {
  it('a candidate with a photo shows it above the fold as AVIF or WebP, with a JPEG fallback, sized and described', async () => {
    const candidate = await candidateWithPhoto();
    const context = await newContext();
    try {
      const page = await context.newPage();
      await open(page, await candidatePagePath(candidate));
      const [hero] = await pictures(page, 'main header img');
      expect(hero, 'the hero picture').toBeDefined();
      expect(hero!.naturalWidth).toBeGreaterThan(0);
      expect(hero!.currentSrc).toContain(`/v1/storage/buckets/media/files/${candidate['photoFileId']}/preview?`);
      expect(hero!.currentSrc).toMatch(/output=(avif|webp)/);
      expect(hero!.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
      expect(hero!.src).toMatch(/^\/v1\/storage\/.*output=jpg/);
      expect(hero!.src).not.toContain('impersonate');
      expect(hero!.alt).toBe(`Photo of ${String(candidate['name'])}`);
      expect([hero!.width, hero!.height]).toEqual([160, 200]);
      expect(hero!.fetchPriority).toBe('high');
      expect(hero!.loading).toBe('');

      // The preview is a real picture in the format asked for.
      const response = await siteFetch(hero!.currentSrc);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/(avif|webp)$/);
      const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(height! / width!).toBeCloseTo(1.25, 1);

      // Shared links and search engines get the photo too, at an absolute address.
      const meta = await page.evaluate(() => ({
        og: document.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content ?? '',
        jsonLd: JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as { image?: string },
      }));
      // JSON-LD names the photo itself; link previews get the share card drawn from it (share.e2e.test.ts).
      expect(meta.jsonLd.image!.startsWith(`${baseUrl()}/v1/storage/buckets/media/files/${candidate['photoFileId']}/preview?`)).toBe(true);
      const photo = await fetch(meta.jsonLd.image!);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
      expect(meta.og.startsWith(`${baseUrl()}/share-image/candidate/${candidate.$id}.png?`)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a candidate without a photo shows their initials on the party colour, and shares its card', async () => {
    // The seed's first (other files add candidates of their own).
    const candidate = await api().first('candidates', [q.equal('photoFileId', ''), q.notEqual('partyId', ''), q.orderAsc('$sequence')]);
    const party = await api().get('parties', String(candidate!['partyId']));
    const context = await newContext({ viewport: { width: 375, height: 800 } });
    try {
      const page = await context.newPage();
      await open(page, await candidatePagePath(candidate!));
      const [hero] = await pictures(page, 'main header img');
      expect(hero!.naturalWidth).toBeGreaterThan(0);
      const url = new URL(hero!.currentSrc);
      expect(url.pathname).toBe('/v1/avatars/initials');
      expect(url.searchParams.get('name')).toBe(String(candidate!['name']));
      expect(url.searchParams.get('background')).toBe(String(party!['colour']).replace('#', '').toLowerCase());
      expect(hero!.alt).toBe('');
      expect(hero!.width).toBe(128);
      // No photo to name in JSON-LD; the share card draws the initials instead.
      expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toContain(`/share-image/candidate/${candidate!.$id}.png?`);
    } finally {
      await context.close();
    }
  });

  it('candidate lists show a picture per row, lazily', async () => {
    const context = await newContext();
    try {
      const page = await context.newPage();
      await open(page, `/search?q=${encodeURIComponent(String((await candidateWithPhoto())['name']))}&type=candidates`);
      const rows = await pictures(page, 'main li img');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.naturalWidth, row.currentSrc).toBeGreaterThan(0);
        expect(row.loading).toBe('lazy');
        expect([row.width, row.height]).toEqual([44, 44]);
      }
      expect(rows.some((row) => /\/preview\?.*output=(avif|webp)/.test(row.currentSrc)), 'the photo of the candidate searched for').toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('party logos', () => {
  it('the party page and the parties list show each logo', async () => {
    const party = await api().first('parties', [q.orderAsc('$sequence')]);
    const context = await newContext({ colorScheme: 'dark', colourMode: 'dark' });
    try {
      const page = await context.newPage();
      await open(page, `/political-parties/${party!.$id}`);
      const [logo] = await pictures(page, 'main header img');
      expect(logo!.alt).toBe(`${String(party!['name'])} logo`);
      expect(logo!.naturalWidth).toBeGreaterThan(0);
      expect(logo!.currentSrc).toContain(`/files/${party!['logoFileId']}/preview?`);
      expect(logo!.currentSrc).toMatch(/output=(avif|webp)/);
      const jsonLd = await page.evaluate(() => JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as { logo?: string });
      expect(jsonLd.logo).toMatch(new RegExp(`^${baseUrl()}/v1/storage/buckets/media/files/${party!['logoFileId']}/preview\\?`));

      await open(page, '/political-parties');
      const logos = await pictures(page, 'main li img');
      const parties = await api().list('parties', [q.limit(100)]);
      expect(logos).toHaveLength(parties.total);
      for (const each of logos) expect(each.naturalWidth, each.currentSrc).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});

describe('sharing a candidate', () => {
  it('the QR code decodes to the canonical address and downloads as a PNG; Copy link copies it', async () => {
    const candidate = await candidateWithPhoto();
    const context = await newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    try {
      const page = await context.newPage();
      await open(page, await candidatePagePath(candidate));
      const canonical = await canonicalOf(page);
      const qr = page.getByRole('img', { name: 'QR code of the link to this page' });
      const [shown] = await pictures(page, 'img[alt="QR code of the link to this page"]');
      expect(shown!.naturalWidth).toBeGreaterThan(0);
      expect(shown!.src.startsWith('/v1/avatars/qr?')).toBe(true);
      await expect.poll(() => qr.isVisible()).toBe(true);

      const response = await siteFetch(shown!.currentSrc);
      expect(response.headers.get('content-type')).toBe('image/png');
      const { data, info } = await sharp(Buffer.from(await response.arrayBuffer())).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
      expect(decoded?.data).toBe(canonical);

      const download = page.getByRole('link', { name: 'Download QR code' });
      const downloaded = await siteFetch((await download.getAttribute('href'))!);
      expect(downloaded.status).toBe(200);
      expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment; filename="qr.png"/);
      const raw = await sharp(Buffer.from(await downloaded.arrayBuffer())).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(raw.data.buffer, raw.data.byteOffset, raw.data.length), raw.info.width, raw.info.height)?.data).toBe(canonical);

      await page.getByRole('button', { name: 'Copy link' }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Link copied.' }).count()).toBe(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
    } finally {
      await context.close();
    }
  });
});

describe('no broken pictures', async () => {
  const pages = await allPages();
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext();
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(pages.map((page) => [`${page.name} ${page.path}`, page] as const))('every picture of %s loads', async (_label, sitePage) => {
    const page = await context.newPage();
    try {
      await open(page, sitePage.path);
      const broken = (await pictures(page)).filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src);
      expect(broken, broken.join('\n')).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
