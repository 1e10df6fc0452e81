import { describe, expect, it } from 'vitest';
import { applySetCookies, hasSessionCookie } from './session-cookie';

const set = (value: string, expires = 'Tue, 23 Nov 2100 06:46:13 GMT') => `a_session_ballot-atlas=${value}; Expires=${expires}; Path=/; HttpOnly; SameSite=Lax`;

describe('session cookies', () => {
  it('tells whether a request has a session at all', () => {
    expect(hasSessionCookie(null)).toBe(false);
    expect(hasSessionCookie('lang=fr')).toBe(false);
    expect(hasSessionCookie('lang=fr; a_session_ballot-atlas=')).toBe(false);
    expect(hasSessionCookie('lang=fr; a_session_ballot-atlas=eyJ9')).toBe(true);
  });

  it('replaces, adds and removes the session as a browser would', () => {
    expect(applySetCookies('lang=fr', [set('new')])).toBe('lang=fr; a_session_ballot-atlas=new');
    expect(applySetCookies('a_session_ballot-atlas=old; lang=fr', [set('new')])).toBe('a_session_ballot-atlas=new; lang=fr');
    expect(applySetCookies('a_session_ballot-atlas=old; lang=fr', [set('', 'Thu, 01 Jan 1970 00:00:00 GMT')])).toBe('lang=fr');
    expect(applySetCookies(null, [set('new')])).toBe('a_session_ballot-atlas=new');
    expect(applySetCookies('a_session_ballot-atlas=old', [set('', 'Thu, 01 Jan 1970 00:00:00 GMT')])).toBeNull();
  });

  it('ignores cookies that are not sessions', () => {
    expect(applySetCookies('lang=fr', ['other=1; Path=/'])).toBe('lang=fr');
  });
});
