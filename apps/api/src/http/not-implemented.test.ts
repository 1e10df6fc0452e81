import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointKey, NOT_IMPLEMENTED_FILE, shadowedEndpoints, unroutedError } from './not-implemented.ts';

const listed = JSON.parse(readFileSync(NOT_IMPLEMENTED_FILE, 'utf8')) as string[];

describe('not-implemented endpoints', () => {
  it('the checked-in list is sorted `METHOD /path` pairs with one spelling per endpoint', () => {
    expect(listed.length).toBeGreaterThan(0);
    for (const entry of listed) expect(entry).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/[\w\-/{}.]*$/);
    expect([...listed].sort()).toEqual(listed);
    expect(listed).toContain('GET /presences/{presenceId}');
  });

  it('an unrouted request on a listed endpoint is general_not_implemented (405); anything else general_route_not_found (404)', () => {
    expect(unroutedError('GET', '/v1/presences/abc?project=x')).toMatchObject({ type: 'general_not_implemented', code: 405 });
    expect(unroutedError('get', '/v1/presences')).toMatchObject({ type: 'general_not_implemented' });
    // One path segment per param, the same method, under /v1 only.
    expect(unroutedError('GET', '/v1/presences/abc/def')).toMatchObject({ type: 'general_route_not_found', code: 404 });
    expect(unroutedError('POST', '/v1/presences')).toMatchObject({ type: 'general_route_not_found' });
    expect(unroutedError('GET', '/presences')).toMatchObject({ type: 'general_route_not_found' });
    expect(unroutedError('GET', '/v1/presencesX')).toMatchObject({ type: 'general_route_not_found' });
  });

  it('finds the listed fixed paths a served route\'s param would swallow, and only those', () => {
    const shadowed = shadowedEndpoints('GET', '/presences/{id}/{other}');
    expect(shadowed).toBeUndefined();
    const byUser = shadowedEndpoints('GET', '/users/{userId}');
    if (listed.includes('GET /users/identities')) expect(byUser?.test('/v1/users/identities')).toBe(true);
    expect(byUser?.test('/v1/users/someone') ?? false).toBe(false);
    expect(shadowedEndpoints('DELETE', '/users/{userId}')?.test('/v1/users/identities') ?? false).toBe(false);
  });

  it('compares endpoints by the places of their params, not their names', () => {
    expect(endpointKey('get', '/a/{x}/b/{y}')).toBe(endpointKey('GET', '/a/{first}/b/{second}'));
    expect(endpointKey('GET', '/a/{x}')).not.toBe(endpointKey('GET', '/a/x'));
  });
});
