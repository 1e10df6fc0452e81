import { describe, expect, it } from 'vitest';
import { isCrossSiteRequest } from './account/same-origin.server';
import { readForm, readUnsubscribeForm } from './form-body.server';

const post = (body: BodyInit, headers: Record<string, string>) => new Request('http://site.test/Contact', { method: 'POST', body, headers });

describe('readForm', () => {
  it('reads url-encoded and multipart forms', async () => {
    expect((await readForm(post('name=Ada&email=a%40b.c', { 'content-type': 'application/x-www-form-urlencoded' }))).get('email')).toBe('a@b.c');
    const multipart = new FormData();
    multipart.set('name', 'Ada');
    expect((await readForm(new Request('http://site.test/Contact', { method: 'POST', body: multipart }))).get('name')).toBe('Ada');
  });

  it.each([
    ['a multipart part without headers', '--XX\r\n\r\nvalue\r\n--XX--\r\n', 'multipart/form-data; boundary=XX'],
    ['multipart without a boundary', 'name=Ada', 'multipart/form-data'],
    ['a truncated multipart body', '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nva', 'multipart/form-data; boundary=XX'],
    ['JSON', '{"name":"Ada"}', 'application/json'],
    ['text', 'name=Ada', 'text/plain'],
  ])('%s reads as an empty form, never an exception', async (_label, body, type) => {
    const form = await readForm(post(body, { 'content-type': type }));
    expect([...form.keys()]).toEqual([]);
  });

  it('refuses a submission from another site with a 403', async () => {
    const refused = await readForm(post('name=Ada', { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.test' })).then(
      () => null,
      (thrown: { init?: { status?: number } }) => thrown,
    );
    expect(refused?.init?.status).toBe(403);
  });
});

describe('readUnsubscribeForm', () => {
  const form = 'application/x-www-form-urlencoded';
  const at = (path: string, body: string, headers: Record<string, string> = {}) => new Request(`http://site.test${path}`, { method: 'POST', body, headers: { 'content-type': form, ...headers } });
  const statusOf = (promise: Promise<unknown>) => promise.then(() => 200, (thrown: { init?: { status?: number } }) => thrown.init?.status);

  it('takes the RFC 8058 one-click body from another site at /unsubscribe', async () => {
    const { oneClick } = await readUnsubscribeForm(at('/unsubscribe?token=T', 'List-Unsubscribe=One-Click', { origin: 'https://mail.example', 'sec-fetch-site': 'cross-site' }));
    expect(oneClick).toBe(true);
  });

  it.each([
    ['another body', '/unsubscribe?token=T', 'List-Unsubscribe=One-Click&extra=1'],
    ['another value', '/unsubscribe?token=T', 'List-Unsubscribe=Yes'],
    ['another address', '/signin', 'List-Unsubscribe=One-Click'],
  ])('refuses %s from another site with a 403', async (_label, path, body) => {
    expect(await statusOf(readUnsubscribeForm(at(path, body, { 'sec-fetch-site': 'cross-site' })))).toBe(403);
  });

  it('reads any body from the site itself, telling whether it is the one-click one', async () => {
    expect((await readUnsubscribeForm(at('/unsubscribe?token=T', 'other=1', { origin: 'http://site.test' }))).oneClick).toBe(false);
    expect((await readUnsubscribeForm(at('/unsubscribe?token=T', 'List-Unsubscribe=One-Click', { origin: 'http://site.test' }))).oneClick).toBe(true);
  });
});

describe('isCrossSiteRequest', () => {
  const at = (headers: Record<string, string>) => new Request('http://site.test/signin', { method: 'POST', headers });
  it.each([
    [{}, false],
    [{ origin: 'http://site.test', 'sec-fetch-site': 'same-origin' }, false],
    [{ origin: 'http://site.test' }, false],
    [{ 'sec-fetch-site': 'none' }, false],
    [{ origin: 'http://evil.test' }, true],
    [{ 'sec-fetch-site': 'cross-site' }, true],
    [{ origin: 'http://site.test', 'sec-fetch-site': 'same-site' }, true],
    [{ origin: 'null' }, true],
    [{ origin: 'null', 'sec-fetch-site': 'same-origin' }, false],
    [{ origin: 'not a url' }, true],
  ] as const)('%j → %s', (headers, expected) => {
    expect(isCrossSiteRequest(at(headers))).toBe(expected);
  });
});
