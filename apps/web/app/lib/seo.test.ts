import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import en from '../locales/en/share.json';
import fr from '../locales/fr/share.json';
import type { MetaContext } from '../pages/page-module';
import { pageMeta, translateWith } from './seo';
import { candidateCard, partyCard, placeCard } from './share-image/share-card';

function context(language: string, pathname = '/candidate/c1-from-kalenga'): MetaContext {
  const resources = { share: language === 'fr' ? fr : en };
  return {
    siteName: 'Ballot Atlas',
    siteUrl: 'https://atlas.test',
    projectId: 'ballot-atlas',
    pathname,
    language,
    languages: ['en', 'fr', 'sw'],
    defaultLanguage: 'en',
    t: (key, options) => translateWith(resources, key, options),
  };
}

const property = (tags: MetaDescriptor[], name: string) => tags.filter((tag) => 'property' in tag && tag['property'] === name).map((tag) => (tag as { content: string }).content);
const named = (tags: MetaDescriptor[], name: string) => tags.filter((tag) => 'name' in tag && tag['name'] === name).map((tag) => (tag as { content: string }).content);
const links = (tags: MetaDescriptor[], rel: string) => tags.filter((tag) => 'tagName' in tag && tag['rel'] === rel) as { hrefLang?: string; href: string }[];
const jsonLd = (tags: MetaDescriptor[]) => tags.filter((tag) => 'script:ld+json' in tag).map((tag) => (tag as { 'script:ld+json': Record<string, unknown> })['script:ld+json']);

describe('pageMeta', () => {
  const candidate = { name: 'Amani Wanjiru', photoFileId: 'photo1', party: { name: 'Green Party', colour: '#15803D' }, office: 'Member of Parliament', place: 'Kalenga' };

  it('gives a candidate page a profile with its share card, Twitter tags and a Person plus BreadcrumbList', () => {
    const t = context('en');
    const tags = pageMeta(t, {
      title: 'Amani Wanjiru',
      description: 'Candidate',
      type: 'profile',
      shareCard: { kind: 'candidate', ref: 'c1', card: candidateCard(candidate, t.t, t.siteName) },
      breadcrumbs: [{ label: 'Regions', to: '/Regions' }, { label: 'Iringa', to: '/Iringa-region' }, { label: 'Amani Wanjiru' }],
      jsonLd: { '@type': 'Person', name: 'Amani Wanjiru' },
    });
    expect(property(tags, 'og:type')).toEqual(['profile']);
    const [image] = property(tags, 'og:image');
    expect(image).toMatch(/^https:\/\/atlas\.test\/share-image\/candidate\/c1\.png\?lang=en&v=[0-9a-z]+$/);
    expect(property(tags, 'og:image:width')).toEqual(['1200']);
    expect(property(tags, 'og:image:height')).toEqual(['630']);
    expect(property(tags, 'og:image:alt')).toEqual(['Amani Wanjiru, Green Party, on Ballot Atlas']);
    expect(property(tags, 'og:site_name')).toEqual(['Ballot Atlas']);
    expect(property(tags, 'og:url')).toEqual(['https://atlas.test/candidate/c1-from-kalenga']);
    expect(named(tags, 'twitter:card')).toEqual(['summary_large_image']);
    expect(named(tags, 'twitter:image')).toEqual([image]);
    expect(named(tags, 'twitter:title')).toEqual(['Amani Wanjiru | Ballot Atlas']);
    const [person, trail] = jsonLd(tags);
    expect(person).toMatchObject({ '@context': 'https://schema.org', '@type': 'Person' });
    expect(trail).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Regions', item: 'https://atlas.test/Regions' },
        { '@type': 'ListItem', position: 2, name: 'Iringa', item: 'https://atlas.test/Iringa-region' },
        { '@type': 'ListItem', position: 3, name: 'Amani Wanjiru', item: 'https://atlas.test/candidate/c1-from-kalenga' },
      ],
    });
  });

  it('writes a language version: canonical with ?lang, og:locale and its alternates, hreflang for every language and x-default', () => {
    const tags = pageMeta(context('fr', '/Regions'), { title: 'Régions', description: 'Les régions' });
    expect(links(tags, 'canonical').map((link) => link.href)).toEqual(['https://atlas.test/Regions?lang=fr']);
    expect(property(tags, 'og:url')).toEqual(['https://atlas.test/Regions?lang=fr']);
    expect(property(tags, 'og:locale')).toEqual(['fr_FR']);
    expect(property(tags, 'og:locale:alternate')).toEqual(['en_GB', 'sw_KE']);
    expect(links(tags, 'alternate').map((link) => [link.hrefLang, link.href])).toEqual([
      ['en', 'https://atlas.test/Regions'],
      ['fr', 'https://atlas.test/Regions?lang=fr'],
      ['sw', 'https://atlas.test/Regions?lang=sw'],
      ['x-default', 'https://atlas.test/Regions'],
    ]);
  });

  it('keeps the bare path as the default language’s canonical URL', () => {
    const tags = pageMeta(context('en', '/Regions'), { title: 'Regions', description: 'All regions' });
    expect(links(tags, 'canonical').map((link) => link.href)).toEqual(['https://atlas.test/Regions']);
  });

  it('shares any other page with the site card in the page’s language', () => {
    const tags = pageMeta(context('fr', '/eventCalendar'), { title: 'Calendrier', description: 'Le calendrier' });
    expect(property(tags, 'og:image')[0]).toMatch(/^https:\/\/atlas\.test\/share-image\/site\/site\.png\?lang=fr&v=/);
    expect(property(tags, 'og:image:alt')).toEqual(['Ballot Atlas, l’annuaire électoral']);
    expect(jsonLd(tags)).toEqual([]);
  });

  it('gives a party and a place page cards of their own, and keeps an image the caller chose', () => {
    const t = context('en');
    const party = pageMeta(t, { title: 'Green Party', description: 'Party', shareCard: { kind: 'party', ref: 'p1', card: partyCard({ name: 'Green Party', abbreviation: 'GP', colour: '#15803d', logoFileId: null }, t.t, t.siteName) } });
    expect(property(party, 'og:image')[0]).toContain('/share-image/party/p1.png?lang=en&v=');
    const place = pageMeta(t, { title: 'Kalenga', description: 'Area', shareCard: { kind: 'area', ref: 'kalenga', card: placeCard('area', { name: 'Kalenga', within: 'Iringa Rural' }, t.t, t.siteName) } });
    expect(property(place, 'og:image')[0]).toContain('/share-image/area/kalenga.png?lang=en&v=');
    const chosen = pageMeta(t, { title: 'X', description: 'Y', image: { url: 'https://atlas.test/x.png', alt: 'X' } });
    expect(property(chosen, 'og:image')).toEqual(['https://atlas.test/x.png']);
  });

  it('leaves hreflang off pages that are not indexed', () => {
    const tags = pageMeta(context('en', '/signin'), { title: 'Sign in', description: 'Sign in', noindex: true });
    expect(named(tags, 'robots')).toEqual(['noindex']);
    expect(links(tags, 'alternate')).toEqual([]);
  });

  it('still works with a context built without languages (older callers)', () => {
    const { language: _language, languages: _languages, defaultLanguage: _default, ...bare } = context('en', '/About');
    const tags = pageMeta(bare, { title: 'About', description: 'About us' });
    expect(links(tags, 'canonical').map((link) => link.href)).toEqual(['https://atlas.test/About']);
    expect(property(tags, 'og:locale')).toEqual([]);
  });
});
