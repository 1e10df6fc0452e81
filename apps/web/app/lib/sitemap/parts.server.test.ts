import { describe, expect, it } from 'vitest';
import { calendarMonthEntries, contentPageEntries, newest, recordsPerPart } from './parts.server';
import { MAX_URLS_PER_SITEMAP } from './xml';

const absolute = (path: string) => `https://atlas.test${path}`;

describe('sitemap parts', () => {
  it('keep every numbered part within 50,000 URLs', () => {
    expect(recordsPerPart('candidates')).toBe(MAX_URLS_PER_SITEMAP);
    expect(recordsPerPart('electoral-areas')).toBe(MAX_URLS_PER_SITEMAP);
    // A district has two pages (its areas and its candidates).
    expect(recordsPerPart('districts') * 2).toBeLessThanOrEqual(MAX_URLS_PER_SITEMAP);
  });

  it('date each calendar month by its most recently changed event', () => {
    const entries = calendarMonthEntries(
      [
        { start: '2027-03-04T09:00:00.000+00:00', $updatedAt: '2026-11-01T10:00:00.000+00:00' },
        { start: '2027-02-28T09:00:00.000+00:00', $updatedAt: '2026-10-01T10:00:00.000+00:00' },
        { start: '2027-03-20T09:00:00.000+00:00', $updatedAt: '2026-11-20T08:00:00.000+00:00' },
        { start: 'not a date', $updatedAt: '2026-12-01T08:00:00.000+00:00' },
      ],
      absolute,
    );
    expect(entries).toEqual([
      { loc: 'https://atlas.test/eventCalendar?month=2027-02', lastmod: '2026-10-01T10:00:00.000+00:00' },
      { loc: 'https://atlas.test/eventCalendar?month=2027-03', lastmod: '2026-11-20T08:00:00.000+00:00' },
    ]);
  });

  it('date a content page by the newest of its translations', () => {
    const entries = contentPageEntries(
      [
        { slug: 'about', $updatedAt: '2026-01-01T00:00:00.000+00:00' },
        { slug: 'about', $updatedAt: '2026-03-01T00:00:00.000+00:00' },
        { slug: 'privacy-policy', $updatedAt: '2026-02-01T00:00:00.000+00:00' },
      ],
      absolute,
    );
    expect(entries).toEqual([
      { loc: 'https://atlas.test/About', lastmod: '2026-03-01T00:00:00.000+00:00' },
      { loc: 'https://atlas.test/PrivacyPolicy', lastmod: '2026-02-01T00:00:00.000+00:00' },
    ]);
  });

  it('find no newest date among none', () => {
    expect(newest([])).toBeNull();
    expect(newest([null, '2026-01-02T00:00:00.000+00:00', '2026-01-01T00:00:00.000+00:00'])).toBe('2026-01-02T00:00:00.000+00:00');
  });
});
