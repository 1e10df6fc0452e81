import { Avatars, Client, Storage } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { absoluteMediaUrl, avatarBackground, candidateMetaImage, densitySrcSet, initialsUrl, partyMetaImage, previewUrl, qrUrl, widthSrcSet } from './media';

const PROJECT = 'ballot-atlas';
const query = (url: string) => Object.fromEntries(new URL(url, 'http://site.example').searchParams);

describe('media URLs', () => {
  it('are same-origin paths under /v1 that name the project and never impersonate anyone', () => {
    for (const url of [
      previewUrl(PROJECT, 'photo-1', { width: 44, height: 44, gravity: 'top', output: 'webp' }),
      initialsUrl(PROJECT, 'Ama Owusu', { width: 44, height: 44 }, '#15803d'),
      qrUrl(PROJECT, 'https://site.example/candidate/x-from-y', 160),
    ]) {
      expect(url.startsWith('/v1/')).toBe(true);
      expect(query(url)['project']).toBe(PROJECT);
      expect(url).not.toContain('impersonate');
    }
  });

  it('ask for the same preview as the SDK builder, less its impersonation parameters', () => {
    const client = new Client().setEndpoint('http://site.example/v1').setProject(PROJECT);
    const sdk = new URL(new Storage(client).getFilePreview({ bucketId: 'media', fileId: 'photo-1', width: 88, height: 88, gravity: 'top' as never, quality: 80, output: 'webp' as never }));
    const ours = query(previewUrl(PROJECT, 'photo-1', { width: 88, height: 88, gravity: 'top', output: 'webp' }));
    const expected = Object.fromEntries([...sdk.searchParams].filter(([key]) => !key.startsWith('impersonate')));
    expect(ours).toEqual(expected);
    expect(previewUrl(PROJECT, 'photo-1', { width: 88, height: 88, gravity: 'top', output: 'webp' }).split('?')[0]).toBe(sdk.pathname);
    const initials = new URL(new Avatars(client).getInitials({ name: 'Ama Owusu', width: 44, height: 44, background: '15803d' }));
    expect(query(initialsUrl(PROJECT, 'Ama Owusu', { width: 44, height: 44 }, '#15803d'))).toEqual(Object.fromEntries([...initials.searchParams].filter(([key]) => !key.startsWith('impersonate'))));
  });

  it('encode file ids in the path and crop only when both sides are given', () => {
    expect(previewUrl(PROJECT, 'a b/c', { width: 56, output: 'png' })).toBe('/v1/storage/buckets/media/files/a%20b%2Fc/preview?width=56&output=png&project=ballot-atlas');
    expect(query(previewUrl(PROJECT, 'logo', { width: 56, gravity: 'top', output: 'avif' }))).toEqual({ width: '56', quality: '60', output: 'avif', project: PROJECT });
    expect(query(previewUrl(PROJECT, 'photo', { width: 44, height: 44, gravity: 'top', output: 'jpg' }))).toEqual({ width: '44', height: '44', gravity: 'top', quality: '82', output: 'jpg', project: PROJECT });
  });

  it('give initials the party colour as hex without #, and leave the colour to the API for independents or bad colours', () => {
    expect(avatarBackground('#15803D')).toBe('15803d');
    expect(avatarBackground('#abc')).toBe('aabbcc');
    expect(avatarBackground(null)).toBeUndefined();
    expect(avatarBackground('red; x')).toBeUndefined();
    expect(query(initialsUrl(PROJECT, 'Ama Owusu', { width: 88, height: 110 }, '#15803d'))).toEqual({ name: 'Ama Owusu', width: '88', height: '110', background: '15803d', project: PROJECT });
    expect(query(initialsUrl(PROJECT, 'Ama Owusu', { width: 88, height: 88 }, null))).not.toHaveProperty('background');
    expect(initialsUrl(PROJECT, 'Adébáyọ̀ N\'Dour & Co', { width: 44, height: 44 })).toContain('name=Ad%C3%A9b%C3%A1y%E1%BB%8D%CC%80+N%27Dour+%26+Co&');
  });

  it('build QR codes of a text, as an attachment when asked', () => {
    const text = 'http://site.example/candidate/c1-from-accra?x=1&y=2';
    expect(query(qrUrl(PROJECT, text, 320))).toEqual({ text, size: '320', margin: '1', project: PROJECT });
    expect(query(qrUrl(PROJECT, text, 600, true))).toEqual({ text, size: '600', margin: '1', download: 'true', project: PROJECT });
  });

  it('list 1x and 2x renderings, or renderings by width', () => {
    const photo = (scale: number) => previewUrl(PROJECT, 'p', { width: 44 * scale, height: 44 * scale, gravity: 'top', output: 'webp' });
    expect(densitySrcSet(photo)).toBe(
      '/v1/storage/buckets/media/files/p/preview?width=44&height=44&gravity=top&quality=80&output=webp&project=ballot-atlas 1x, '
        + '/v1/storage/buckets/media/files/p/preview?width=88&height=88&gravity=top&quality=80&output=webp&project=ballot-atlas 2x',
    );
    expect(widthSrcSet((width) => `/w/${width}`, [160, 320])).toBe('/w/160 160w, /w/320 320w');
    expect(densitySrcSet((scale) => `/s/${scale}`, [1, 1.5, 2])).toBe('/s/1 1x, /s/1.5 1.5x, /s/2 2x');
  });

  it('make meta images absolute on the site, and only for real photos and logos', () => {
    const photo = candidateMetaImage(PROJECT, 'photo-1');
    expect(photo).toEqual({ url: previewUrl(PROJECT, 'photo-1', { width: 600, height: 600, gravity: 'top', output: 'jpg' }), width: 600, height: 600 });
    expect(absoluteMediaUrl('https://atlas.example/', photo!.url)).toBe(`https://atlas.example${photo!.url}`);
    expect(candidateMetaImage(PROJECT, null)).toBeNull();
    expect(partyMetaImage(PROJECT, '')).toBeNull();
    expect(query(partyMetaImage(PROJECT, 'logo-1')!.url)).toEqual({ width: '600', output: 'png', project: PROJECT });
  });
});
