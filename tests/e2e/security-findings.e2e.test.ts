/**
 * Issue 11's findings on the site, each as it was reported: an unreadable cookie made every page
 * a 500 (and the error page itself failed); a slug with invalid UTF-8 or a NUL was a bare 500 (or
 * the API's JSON); malformed form bodies were 500s. Now: the cookie is ignored and replaced, bad
 * slugs get the seed's 404 page with a real 404, a malformed form is a 400 with the form's own
 * error display.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, e2e, siteFetch } from './support/browser.ts';

/** Either of the seed's two 404 pages: "Page not found: …" in the layout, or the "404 ERROR" page. */
const SEED_404 = /Page not found: |404(<!-- -->)? ERROR/;

const candidatePage = (): string => {
  const page = e2e().discovery.pages.find((found) => found.kind === 'candidate');
  if (!page) throw new Error('the discovery found no candidate page');
  return new URL(page.url, baseUrl()).pathname;
};

describe('an unreadable cookie is ignored and replaced, never fatal', () => {
  it.each(['/', '/Regions', '/signin', '/Contact', 'candidate'])('an undecodable language cookie on %s: a 200 with the page, and the cookie cleared', async (where) => {
    const path = where === 'candidate' ? candidatePage() : where;
    const response = await siteFetch(path, { headers: { cookie: 'lang=%FF' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(html).not.toMatch(/\d{3}(<!-- -->)? ERROR/);
    expect(response.headers.getSetCookie()).toContain('lang=; Path=/; Max-Age=0; SameSite=Lax');
  });

  it('a language the site does not serve is replaced too; a good one next to garbage still counts', async () => {
    const unknown = await siteFetch('/', { headers: { cookie: 'lang=xx' } });
    expect(unknown.status).toBe(200);
    expect(unknown.headers.getSetCookie()).toContain('lang=; Path=/; Max-Age=0; SameSite=Lax');
    const french = await siteFetch('/', { headers: { cookie: 'junk=%E0%A4%A; =x; lang=fr; a_session_ballot-atlas=%ED%A0%80' } });
    expect(french.status).toBe(200);
    expect(await french.text()).toContain('<html lang="fr"');
    expect(french.headers.getSetCookie().filter((cookie) => cookie.startsWith('lang='))).toEqual([]);
  });
});

describe('a hostile slug is the seed’s 404 page with a real 404', () => {
  it.each([
    ['invalid UTF-8 (a surrogate)', '/Sub-regions-in-%ED%A0%80'],
    ['a NUL', '/ElectoralArea-in-a%00b'],
    ['an invalid byte', '/%FF-region'],
    ['an invalid byte in a candidate path', '/candidate/%FF-from-x'],
    ['a NUL in a candidate path', '/candidate/a%00b-from-national'],
    ['a NUL as a party', '/political-parties/a%00b'],
    ['3 KB of NULs as a party', `/political-parties/${'%00'.repeat(1_000)}`],
    ['invalid UTF-8 in a district path', '/districts/Districts-in-%ED%A0%80-sub-region-of-x'],
    ['a slug longer than any', `/${'a-in-'.repeat(150)}region`],
  ])('%s', async (_label, path) => {
    const response = await siteFetch(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(SEED_404);
  });
});

describe('a malformed form body is a 400 with the form’s own error display', () => {
  const headerlessPart = '--XX\r\n\r\nvalue\r\n--XX--\r\n';
  const post = (path: string, contentType: string, body: string) => siteFetch(path, { method: 'POST', headers: { 'content-type': contentType, origin: baseUrl() }, body });

  it('POST /Contact, multipart with a part that has no headers', async () => {
    const response = await post('/Contact', 'multipart/form-data; boundary=XX', headerlessPart);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('There is a problem');
    expect(html).toContain('Enter your name');
  });

  it('POST /signin, multipart with a part that has no headers', async () => {
    const response = await post('/signin', 'multipart/form-data; boundary=XX', headerlessPart);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Please fill in this field.');
  });

  it('POST /signup, multipart/form-data without a boundary', async () => {
    const response = await post('/signup', 'multipart/form-data', 'name=x&email=y');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Please fill in this field.');
  });

  it.each(['/recovery', '/set-language', '/Contact.data'])('POST %s with JSON, or bytes that are not a form: never a 5xx', async (path) => {
    for (const [type, body] of [['application/json', '{"email":"a@b.c"}'], ['text/plain', '\u0000\u0001'], ['multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="email"\r\n\r\ntruncated']] as const) {
      const response = await post(path, type, body);
      expect(response.status, `${path} with ${type}`).toBeLessThan(500);
    }
  });
});
