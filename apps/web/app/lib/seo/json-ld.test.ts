import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/share.json';
import { eventsJsonLd } from '../../pages/calendar/json-ld';
import type { EventSummary } from '../../pages/calendar/events.server';
import { pageMeta, translateWith } from '../seo';
import { jsonLdProblems } from './json-ld-check';

const context = {
  siteName: 'Ballot Atlas',
  siteUrl: 'https://atlas.test',
  projectId: 'ballot-atlas',
  pathname: '/candidate/c1-from-kalenga',
  language: 'en',
  languages: ['en', 'fr', 'sw'],
  defaultLanguage: 'en',
  t: (key: string, options?: Record<string, unknown>) => translateWith({ share: en }, key, options),
};

const scripts = (tags: MetaDescriptor[]) => tags.filter((tag) => 'script:ld+json' in tag).map((tag) => (tag as { 'script:ld+json': Record<string, unknown> })['script:ld+json']);

const crumbs = [{ label: 'Regions', to: '/Regions' }, { label: 'Iringa', to: '/Iringa-region' }, { label: 'Amani Wanjiru' }];

describe('JSON-LD', () => {
  it('a candidate’s Person and BreadcrumbList pass', async () => {
    const tags = pageMeta(context, {
      title: 'Amani Wanjiru',
      description: 'x',
      breadcrumbs: crumbs,
      jsonLd: { '@type': 'Person', '@id': 'https://atlas.test/candidate/c1-from-kalenga', url: 'https://atlas.test/candidate/c1-from-kalenga', name: 'Amani Wanjiru', birthDate: '1980-02-29', affiliation: { '@type': 'PoliticalParty', name: 'Green', url: 'https://atlas.test/political-parties/p1' } },
    });
    expect(await jsonLdProblems(scripts(tags))).toEqual([]);
  });

  it('calendar Events pass with their ISO dates and places', async () => {
    const events = [
      { $id: 'e1', title: 'Polling day', description: null, start: '2027-03-04T06:00:00.000+00:00', end: '2027-03-04T16:00:00.000+00:00', allDay: false, location: 'Every polling station', url: null },
      { $id: 'e2', title: 'Nominations', description: 'Papers are filed', start: '2027-01-10T00:00:00.000+00:00', end: '2027-01-12T00:00:00.000+00:00', allDay: true, location: 'District offices', url: null },
    ] as unknown as EventSummary[];
    expect(await jsonLdProblems([{ '@context': 'https://schema.org', ...eventsJsonLd(events, 'https://atlas.test') }])).toEqual([]);
  });

  it('catch what search engines refuse: relative URLs, bad dates, a missing name or place, a trail item without a URL', async () => {
    const problems = await jsonLdProblems([
      { '@context': 'https://schema.org', '@type': 'Person', url: '/candidate/c1', birthDate: '29/02/1980' },
      { '@context': 'https://schema.org', '@type': 'Event', name: 'Rally', startDate: 'tomorrow' },
      { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Regions' }, { '@type': 'ListItem', position: 2, name: 'Here' }] },
      { '@type': 'PoliticalParty', name: 'No context' },
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        'Person: name is required',
        'Person: url is not an absolute URL (/candidate/c1)',
        'Person: birthDate is not an ISO 8601 date (29/02/1980)',
        'Event Rally: location is required',
        'Event Rally: startDate is not an ISO 8601 date (tomorrow)',
        'PoliticalParty No context: @context is not https://schema.org',
      ]),
    );
    expect(problems.some((problem) => problem.startsWith('Person: ERROR'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('BreadcrumbList: WARNING') && problem.includes('"item"'))).toBe(true);
  });
});
