/**
 * Share and be found (issue 17 item 5): a page's Open Graph and Twitter tags, JSON-LD and
 * hreflang alternates are in the server's HTML (no JavaScript); its og:image is a generated
 * 1200×630 PNG, immutable under a versioned URL; `?lang=` gives each language its own address;
 * the sitemap is split per type with lastmod.
 */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonLdProblems } from '../../apps/web/app/lib/seo/json-ld-check.ts';
import { q } from './support/api.ts';
import { api, baseUrl, closeBrowser, newContext, siteFetch } from './support/browser.ts';
import { candidatePagePath, candidateWithPhoto } from './support/pages.ts';

afterAll(closeBrowser);

/** Where the pictures are left for a person to look at (SHARE_IMAGE_DIR), if set. */
const lookDirectory = process.env['SHARE_IMAGE_DIR'];

interface SharedPage {
  meta: Record<string, string[]>;
  links: { rel: string; hreflang: string | null; href: string }[];
  jsonLd: Record<string, unknown>[];
  lang: string | null;
}

/** The page as a browser with JavaScript off reads it: only what the server wrote. */
async function readSharedPage(path: string, cookie?: string): Promise<SharedPage> {
  const context = await newContext({ javaScript: false });
  try {
    if (cookie) await context.addCookies([{ name: 'lang', value: cookie, url: baseUrl() }]);
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    return await page.evaluate(() => {
      const meta: Record<string, string[]> = {};
      for (const tag of document.querySelectorAll<HTMLMetaElement>('meta[property], meta[name]')) {
        const key = tag.getAttribute('property') ?? tag.getAttribute('name') ?? '';
        (meta[key] ??= []).push(tag.content);
      }
      return {
        meta,
        links: [...document.querySelectorAll<HTMLLinkElement>('link[rel="canonical"], link[rel="alternate"]')].map((link) => ({ rel: link.rel, hreflang: link.getAttribute('hreflang'), href: link.href })),
        jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>),
        lang: document.documentElement.getAttribute('lang'),
      };
    });
  } finally {
    await context.close();
  }
}

/** The og:image, fetched by a Chromium page as a link preview would show it: a 1200×630 PNG. */
async function checkShareImage(url: string, lookName: string): Promise<void> {
  expect(url.startsWith(`${baseUrl()}/share-image/`)).toBe(true);
  const response = await siteFetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const png = Buffer.from(await response.arrayBuffer());
  const meta = await sharp(png).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
  if (lookDirectory) writeFileSync(`${lookDirectory}/${lookName}.png`, png);
  const context = await newContext();
  try {
    const page = await context.newPage();
    await page.goto('/');
    const size = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, url);
    expect(size).toEqual([1200, 630]);
  } finally {
    await context.close();
  }
}

function expectCompleteTags(shared: SharedPage, canonical: string): void {
  for (const key of ['og:title', 'og:description', 'og:url', 'og:site_name', 'og:type', 'og:image', 'og:image:width', 'og:image:height', 'og:image:alt', 'og:locale', 'twitter:card', 'twitter:title', 'twitter:description', 'twitter:image', 'twitter:image:alt']) {
    expect(shared.meta[key]?.[0], key).toBeTruthy();
  }
  expect(shared.meta['og:image:width']).toEqual(['1200']);
  expect(shared.meta['og:image:height']).toEqual(['630']);
  expect(shared.meta['twitter:card']).toEqual(['summary_large_image']);
  expect(shared.meta['og:url']).toEqual([canonical]);
  expect(shared.links.filter((link) => link.rel === 'canonical').map((link) => link.href)).toEqual([canonical]);
}

describe('share tags', () => {
  it('a candidate with a photo: tags and a valid Person with its BreadcrumbList in the server HTML, and a 1200×630 share image', async () => {
    const candidate = await candidateWithPhoto();
    const path = await candidatePagePath(candidate);
    const shared = await readSharedPage(path);
    expectCompleteTags(shared, new URL(path, baseUrl()).href);
    expect(shared.meta['og:type']).toEqual(['profile']);
    expect(shared.meta['og:image:alt']?.[0]).toContain(String(candidate['name']));
    const types = shared.jsonLd.map((document) => document['@type']);
    expect(types).toEqual(['Person', 'BreadcrumbList']);
    expect(await jsonLdProblems(shared.jsonLd)).toEqual([]);
    await checkShareImage(shared.meta['og:image']![0]!, 'candidate-with-photo');
  });

  it('a candidate without a photo and a party get cards of their own', async () => {
    const withoutPhoto = await api().first('candidates', [q.equal('photoFileId', ''), q.notEqual('partyId', ''), q.orderAsc('$sequence')]);
    const candidatePage = await readSharedPage(await candidatePagePath(withoutPhoto!));
    await checkShareImage(candidatePage.meta['og:image']![0]!, 'candidate-without-photo');
    const party = await api().get('parties', String(withoutPhoto!['partyId']));
    const partyPage = await readSharedPage(`/political-parties/${party!.$id}`);
    expectCompleteTags(partyPage, `${baseUrl()}/political-parties/${party!.$id}`);
    expect(partyPage.jsonLd.map((document) => document['@type'])).toEqual(['PoliticalParty', 'BreadcrumbList']);
    expect(await jsonLdProblems(partyPage.jsonLd)).toEqual([]);
    await checkShareImage(partyPage.meta['og:image']![0]!, 'party');
  });

  it('an older version of a share image is sent on to the current one; an unknown record is a 404', async () => {
    const candidate = await candidateWithPhoto();
    const current = (await readSharedPage(await candidatePagePath(candidate))).meta['og:image']![0]!;
    const stale = new URL(current);
    stale.searchParams.set('v', 'old');
    const moved = await siteFetch(stale.href, { redirect: 'manual' });
    expect(moved.status).toBe(302);
    expect(new URL(moved.headers.get('location')!, baseUrl()).href).toBe(current);
    expect((await siteFetch('/share-image/candidate/no-such-candidate.png?lang=en&v=x')).status).toBe(404);
    expect((await siteFetch(`/share-image/candidate/${candidate.$id}.png?lang=xx&v=x`)).status).toBe(404);
  });

  it('the calendar’s Events validate, and every place page carries its BreadcrumbList', async () => {
    const calendar = await readSharedPage('/eventCalendar');
    expect(calendar.jsonLd.length).toBeGreaterThan(0);
    expect(await jsonLdProblems(calendar.jsonLd)).toEqual([]);
    const region = await api().first('regions', [q.orderAsc('$sequence')]);
    const regionPage = await readSharedPage(`/${String(region!['slug'])}-region`);
    expect(regionPage.jsonLd.map((document) => document['@type'])).toEqual(['AdministrativeArea', 'BreadcrumbList']);
    expect(await jsonLdProblems(regionPage.jsonLd)).toEqual([]);
    expect(regionPage.meta['og:image']?.[0]).toContain(`/share-image/region/`);
  });
});

describe('a language per address', () => {
  it('?lang=fr renders French, names itself canonical, lists every language and x-default, and keeps French as the choice', async () => {
    const french = await readSharedPage('/Regions?lang=fr');
    expect(french.lang).toBe('fr');
    expect(french.meta['og:locale']).toEqual(['fr_FR']);
    const links = french.links.map((link) => [link.rel, link.hreflang, link.href]);
    expect(links).toEqual([
      ['canonical', null, `${baseUrl()}/Regions?lang=fr`],
      ['alternate', 'en', `${baseUrl()}/Regions`],
      ['alternate', 'fr', `${baseUrl()}/Regions?lang=fr`],
      ['alternate', 'sw', `${baseUrl()}/Regions?lang=sw`],
      ['alternate', 'x-default', `${baseUrl()}/Regions`],
    ]);
    const response = await siteFetch('/Regions?lang=fr');
    expect(response.headers.getSetCookie()).toContain('lang=fr; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(response.headers.get('vary') ?? '').toMatch(/\bCookie\b/i);
    // The address wins over the cookie; the bare address follows the cookie.
    expect((await readSharedPage('/Regions?lang=sw', 'fr')).lang).toBe('sw');
    expect((await readSharedPage('/Regions', 'fr')).lang).toBe('fr');
    // A language the site does not serve changes nothing.
    const unknown = await siteFetch('/Regions?lang=xx');
    expect(await unknown.text()).toMatch(/<html[^>]*\blang="en"/);
    expect(unknown.headers.getSetCookie().filter((cookie) => cookie.startsWith('lang='))).toEqual([]);
  });

  it('the language picker on a ?lang= page switches language for good', async () => {
    const context = await newContext({ javaScript: false });
    try {
      const page = await context.newPage();
      await page.goto('/Regions?lang=fr');
      const picker = page.locator('form[action="/set-language"]:visible').first();
      await picker.locator('select').selectOption('sw');
      await Promise.all([page.waitForURL((url) => url.pathname === '/Regions' && url.search === ''), picker.locator('button[type="submit"]').click()]);
      expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
      expect(await page.locator('html').getAttribute('lang')).toBe('sw');
    } finally {
      await context.close();
    }
  });
});

describe('sitemap', () => {
  it('is split per type, each part within 50,000 URLs with lastmod from the records', async () => {
    const index = await (await siteFetch('/sitemap.xml')).text();
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    for (const part of ['/sitemap/pages.xml', '/sitemap/regions.xml', '/sitemap/parties.xml', '/sitemap/events.xml', '/sitemap/districts-1.xml', '/sitemap/electoral-areas-1.xml', '/sitemap/candidates-1.xml']) expect(parts).toContain(part);
    const candidates = await (await siteFetch('/sitemap/candidates-1.xml')).text();
    const urls = candidates.match(/<url>/g)?.length ?? 0;
    expect(urls).toBeGreaterThan(0);
    expect(urls).toBeLessThanOrEqual(50_000);
    expect(candidates.match(/<lastmod>/g)?.length).toBe(urls);
    const first = await api().first('candidates', [q.orderAsc('$sequence')]);
    expect(candidates).toContain(`<lastmod>${String(first!['$updatedAt'])}</lastmod>`);
    const events = await (await siteFetch('/sitemap/events.xml')).text();
    expect(events).toMatch(/<loc>[^<]*\/eventCalendar\?month=\d{4}-\d{2}<\/loc><lastmod>/);
  });
});
