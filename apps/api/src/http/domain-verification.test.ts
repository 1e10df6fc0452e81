import { describe, expect, it } from 'vitest';
import { originOnApiDomain } from './domain-verification.ts';

describe('originOnApiDomain (Appwrite domainVerification)', () => {
  it('is true when the page and the API share a registrable domain, whatever the subdomains and ports', () => {
    expect(originOnApiDomain('https://www.ballot.example.org', undefined, 'api.other.example.org')).toBe(true);
    expect(originOnApiDomain('https://www.ballotatlas.org', undefined, 'api.ballotatlas.org')).toBe(true);
    expect(originOnApiDomain('https://ballotatlas.org:8443', undefined, 'ballotatlas.org')).toBe(true);
    expect(originOnApiDomain('https://site.ballots.co.uk', undefined, 'api.ballots.co.uk')).toBe(true);
  });

  it('uses the Referer when there is no Origin', () => {
    expect(originOnApiDomain(undefined, 'https://www.ballotatlas.org/signin', 'api.ballotatlas.org')).toBe(true);
    expect(originOnApiDomain(undefined, 'https://elsewhere.org/page', 'api.ballotatlas.org')).toBe(false);
  });

  it('is false for another site, no page at all, a bad URL, localhost and IP addresses', () => {
    expect(originOnApiDomain('https://ballotatlas.com', undefined, 'ballotatlas.org')).toBe(false);
    // Two different customers of one public suffix (co.uk, github.io) are different sites.
    expect(originOnApiDomain('https://a.co.uk', undefined, 'b.co.uk')).toBe(false);
    expect(originOnApiDomain('https://alice.github.io', undefined, 'bob.github.io')).toBe(false);
    expect(originOnApiDomain(undefined, undefined, 'ballotatlas.org')).toBe(false);
    expect(originOnApiDomain('not a url', undefined, 'ballotatlas.org')).toBe(false);
    expect(originOnApiDomain('http://localhost:5173', undefined, 'localhost')).toBe(false);
    expect(originOnApiDomain('http://127.0.0.1:5173', undefined, '127.0.0.1')).toBe(false);
  });
});
