/**
 * The shared strings leave the page's HTML for a file per language and build (lib/shared-strings.ts):
 * what that file holds, and how long a browser may keep it.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';

let loader: typeof import('./strings').loader;
let sharedStringsPath: typeof import('../lib/shared-strings').sharedStringsPath;
let sharedStrings: typeof import('../lib/shared-strings').sharedStrings;

beforeAll(async () => {
  vi.stubGlobal('__BUILD_ID__', 'build-7');
  ({ loader } = await import('./strings'));
  ({ sharedStringsPath, sharedStrings } = await import('../lib/shared-strings'));
});

async function get(path: string): Promise<Response> {
  const [, , build, file] = path.split('/');
  return loader({ params: { build: decodeURIComponent(build!), file: decodeURIComponent(file!) }, request: new Request(`http://site.test${path}`), context: {} } as never);
}

describe('/strings/{build}/{language}.json', () => {
  it("serves this build's French strings, to be kept for a year, without the account pages' or the console's", async () => {
    const response = await get(sharedStringsPath('fr', 'build-7'));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const strings = (await response.json()) as Record<string, Record<string, unknown>>;
    expect(strings['common']?.['skipToContent']).toBe(sharedStrings('fr')['common']?.['skipToContent' as never]);
    expect(typeof strings['common']?.['skipToContent']).toBe('string');
    expect(strings['common']?.['skipToContent']).not.toBe(sharedStrings('en')['common']?.['skipToContent' as never]);
    expect(Object.keys(strings)).toEqual(expect.arrayContaining(['common', 'header', 'candidates', 'areas']));
    for (const routeOnly of ['account', 'console', 'profile', 'team']) expect(strings).not.toHaveProperty(routeOnly);
  });

  it("answers an older build's address with today's strings, not to be kept", async () => {
    const response = await get(sharedStringsPath('en', 'build-6'));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('refuses a language the site does not serve', async () => {
    expect((await get(sharedStringsPath('de', 'build-7'))).status).toBe(404);
    expect((await get('/strings/build-7/en')).status).toBe(404);
  });
});
