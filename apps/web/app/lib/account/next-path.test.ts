import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT, safeNextPath, sameSitePath, withNext } from './next-path';

describe('safeNextPath', () => {
  it('keeps paths of this site with their query and fragment', () => {
    expect(safeNextPath('/Regions')).toBe('/Regions');
    expect(safeNextPath('/search?q=Nakuru&page=2#results')).toBe('/search?q=Nakuru&page=2#results');
    expect(safeNextPath('/candidate/abc-from-Kisumu%20East')).toBe('/candidate/abc-from-Kisumu%20East');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)', 'evil.example', '/%0d%0aSet-Cookie:x', '/\tx', '/x\n', '/.//evil.example', '']) {
      const result = safeNextPath(value);
      expect(result.startsWith('/') && !result.startsWith('//'), value).toBe(true);
      expect(new URL(result, 'http://site.test').host, value).toBe('site.test');
    }
    expect(safeNextPath('https://evil.example/')).toBe(DEFAULT_NEXT);
    expect(safeNextPath('//evil.example/x')).toBe(DEFAULT_NEXT);
    expect(safeNextPath('/\\evil.example')).toBe(DEFAULT_NEXT);
    expect(safeNextPath(undefined)).toBe(DEFAULT_NEXT);
    expect(safeNextPath(42)).toBe(DEFAULT_NEXT);
  });

  it('does not send a visitor back to a sign-in page', () => {
    expect(safeNextPath('/signin?next=/x')).toBe(DEFAULT_NEXT);
    expect(safeNextPath('/signout')).toBe(DEFAULT_NEXT);
    expect(safeNextPath('/verify')).toBe('/verify');
  });
});

describe('withNext', () => {
  it('adds the destination, readable but encoded', () => {
    expect(withNext('/signin', DEFAULT_NEXT)).toBe('/signin?next=/activeUserProfile');
    expect(withNext('/signin', '/Regions?x=1&y=2')).toBe('/signin?next=/Regions%3Fx%3D1%26y%3D2');
    expect(withNext('/signin', '/Regions', { notice: 'signedOut' })).toBe('/signin?notice=signedOut&next=/Regions');
    expect(new URL(withNext('/signin', '/a b?c=d#e'), 'http://x').searchParams.get('next')).toBe('/a b?c=d#e');
  });
});

describe('sameSitePath', () => {
  it('accepts any path of the site, sign-in pages included, and nothing else', () => {
    expect(sameSitePath('/signin?next=%2FRegions')).toBe('/signin?next=%2FRegions');
    expect(sameSitePath('/\\evil.example')).toBeNull();
    expect(sameSitePath('//evil.example')).toBeNull();
    expect(sameSitePath('https://evil.example')).toBeNull();
    expect(sameSitePath('/.//evil.example')).toBeNull();
    expect(sameSitePath('/a/..//evil.example')).toBeNull();
  });
});
