import { describe, expect, it } from 'vitest';
import { sitemapIndex, urlset } from './xml';

describe('sitemap XML', () => {
  it('writes a urlset with escaped locations and optional lastmod', () => {
    expect(urlset([{ loc: 'https://x.test/a?b=1&c=2' }, { loc: 'https://x.test/B%C3%B4', lastmod: '2026-11-23T04:18:35.970+00:00' }])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>https://x.test/a?b=1&amp;c=2</loc></url>\n' +
        '<url><loc>https://x.test/B%C3%B4</loc><lastmod>2026-11-23T04:18:35.970+00:00</lastmod></url>\n</urlset>\n',
    );
  });

  it('writes a sitemap index', () => {
    expect(sitemapIndex([{ loc: 'https://x.test/sitemap/pages.xml' }])).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>https://x.test/sitemap/pages.xml</loc></sitemap>');
  });
});
