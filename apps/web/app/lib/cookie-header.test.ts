import { describe, expect, it } from 'vitest';
import { cookiePairs, inspectCookie, readCookie } from './cookie-header';

const withCookie = (cookie: string) => new Request('http://site.test/', { headers: { cookie } });

describe('reading the Cookie header', () => {
  it('reads values, percent-decoded, the first of a repeated name', () => {
    const request = withCookie('lang=fr; name=Ad%C3%A9; lang=en');
    expect(readCookie(request, 'lang')).toBe('fr');
    expect(readCookie(request, 'name')).toBe('Adé');
    expect(readCookie(request, 'missing')).toBeUndefined();
    expect(readCookie(withCookie('lang="sw"'), 'lang')).toBe('sw');
  });

  it('an undecodable value is unreadable, never an exception (lang=%FF made every page a 500)', () => {
    for (const value of ['%FF', '%E0%A4%A', '%', '%ED%A0%80']) {
      expect(() => readCookie(withCookie(`lang=${value}`), 'lang')).not.toThrow();
      expect(readCookie(withCookie(`lang=${value}`), 'lang')).toBeUndefined();
      expect(inspectCookie(withCookie(`lang=${value}`), 'lang')).toEqual({ state: 'unreadable' });
    }
    expect(inspectCookie(withCookie('other=1'), 'lang')).toEqual({ state: 'absent' });
  });

  it('skips pairs without a name or an equals sign, keeps raw values for forwarding', () => {
    expect([...cookiePairs('garbage; =x; ;; a=1; b = 2 ; c="q"')]).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['c', '"q"'],
    ]);
    expect(cookiePairs(null).size).toBe(0);
  });
});
