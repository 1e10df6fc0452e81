import { describe, expect, it } from 'vitest';
import { coerceQueryValue } from './coerce.ts';
import { parseQueryString } from './querystring.ts';

describe('parseQueryString', () => {
  it('reads the SDK lists: indexed, empty brackets and repeated keys, in index order', () => {
    expect({ ...parseQueryString('queries[1]=b&queries[0]=a&tags[]=x&tags[]=y&id=1&id=2&name=Amina') }).toEqual({ queries: ['a', 'b'], tags: ['x', 'y'], id: ['1', '2'], name: 'Amina' });
  });

  it('reads an object param written as named brackets (SDK 28 `headers`), keeping the names', () => {
    const parsed = parseQueryString('url=https%3A%2F%2Fexample.org&headers[X-Trace]=abc&headers[Accept-Language]=sw');
    expect({ ...parsed }).toEqual({ url: 'https://example.org', headers: { 'X-Trace': 'abc', 'Accept-Language': 'sw' } });
    expect(coerceQueryValue(parsed['headers']!, 'object')).toEqual({ 'X-Trace': 'abc', 'Accept-Language': 'sw' });
  });

  it('a name mixing list positions and names stays a list', () => {
    expect({ ...parseQueryString('values[0]=a&values[x]=b') }).toEqual({ values: ['a', 'b'] });
  });

  it('an object param may still come as JSON text', () => {
    expect(coerceQueryValue('{"X-A":"1"}', 'object')).toEqual({ 'X-A': '1' });
  });
});
