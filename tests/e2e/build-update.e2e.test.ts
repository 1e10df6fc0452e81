/** Build update (seed §4): the server publishes its build id at /builds/latest.json and /builds/meta/{id}.json. */
import { describe, expect, it } from 'vitest';
import { siteFetch } from './support/browser.ts';

describe('build metadata', () => {
  it('/builds/latest.json answers with the running build id, uncached', async () => {
    const response = await siteFetch(`/builds/latest.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    const body = (await response.json()) as { id?: unknown };
    expect(typeof body.id).toBe('string');
    expect(body.id).not.toBe('');
    // The same id is what the pages were built with (the root loader hands it to the client).
    const html = await (await siteFetch(`/`)).text();
    expect(html).toContain(String(body.id));
  });

  it('/builds/meta/{id}.json knows the running build and nothing else', async () => {
    const { id } = (await (await siteFetch(`/builds/latest.json`)).json()) as { id: string };
    const known = await siteFetch(`/builds/meta/${encodeURIComponent(id)}.json`);
    expect(known.status).toBe(200);
    expect(((await known.json()) as { id: string }).id).toBe(id);
    expect((await siteFetch(`/builds/meta/not-a-build.json`)).status).toBe(404);
  });
});
