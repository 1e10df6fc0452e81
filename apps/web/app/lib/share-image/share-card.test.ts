import { describe, expect, it } from 'vitest';
import en from '../../locales/en/share.json';
import { translateWith } from '../seo';
import { candidateCard, cardVersion, readShareImageParams, shareImagePath, siteCard } from './share-card';

const t = (key: string, options?: Record<string, unknown>) => translateWith({ share: en }, key, options);
const input = { name: 'Zoë N’Diaye-Okafor', photoFileId: null, party: { name: 'Unity Party', colour: '#B91C1C' }, office: 'Member of Parliament', place: 'Kalenga' };

describe('share cards', () => {
  it('draw a candidate without a photo as initials on the party colour', () => {
    const card = candidateCard(input, t, 'Ballot Atlas');
    expect(card.picture).toEqual({ kind: 'initials', name: input.name, colour: '#b91c1c' });
    expect(card.lines).toEqual(['Member of Parliament, Kalenga']);
    expect(card.party).toEqual({ name: 'Unity Party', colour: '#b91c1c' });
  });

  it('call an independent candidate so, with no colour', () => {
    const card = candidateCard({ ...input, party: null }, t, 'Ballot Atlas');
    expect(card.party).toEqual({ name: 'Independent', colour: null });
    expect(card.accent).toBeNull();
  });

  it('change version when anything drawn changes, and only then', () => {
    const card = candidateCard(input, t, 'Ballot Atlas');
    expect(cardVersion(candidateCard(input, t, 'Ballot Atlas'))).toBe(cardVersion(card));
    expect(cardVersion(candidateCard({ ...input, party: { name: 'Unity Party', colour: '#1d4ed8' } }, t, 'Ballot Atlas'))).not.toBe(cardVersion(card));
    expect(cardVersion(candidateCard({ ...input, photoFileId: 'new-photo' }, t, 'Ballot Atlas'))).not.toBe(cardVersion(card));
    expect(cardVersion(siteCard(t, 'Ballot Atlas'))).not.toBe(cardVersion(siteCard(t, 'Other Atlas')));
  });

  it('have paths that read back to their kind and ref', () => {
    const path = shareImagePath('area', 'Saint-Éloi', 'fr', siteCard(t, 'Ballot Atlas'));
    const url = new URL(path, 'https://atlas.test');
    const [, , kind, file] = url.pathname.split('/');
    expect(readShareImageParams(kind!, decodeURIComponent(file!))).toEqual({ kind: 'area', ref: 'Saint-Éloi' });
    expect(url.searchParams.get('lang')).toBe('fr');
    expect(readShareImageParams('users', 'x.png')).toBeNull();
    expect(readShareImageParams('party', 'x.jpg')).toBeNull();
    expect(readShareImageParams('party', '.png')).toBeNull();
  });
});
