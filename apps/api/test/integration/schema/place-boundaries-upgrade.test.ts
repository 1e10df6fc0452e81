// Issue 17's map data on a database created before it: the site's appwrite.json without the
// places' `boundary` and `centroid` is applied first, a region is stored, then the server starts
// on today's appwrite.json. The region gains both attributes (empty), keeps its values, and takes
// a boundary.
import { afterAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/scenario.ts';
import { siteSchemaCopy } from '../../support/site-schema-copy.ts';
import { newTestStorage, removeTestData, startTestServer, TEST_API_KEY, TEST_PROJECT, type TestServer } from '../../support/test-server.ts';

const PLACES = ['regions', 'subregions', 'districts', 'electoral_areas'];

describeEachEngine('place boundaries on a database created before them', (engine) => {
  const before = siteSchemaCopy((schema) => {
    for (const collection of schema['collections']) {
      if (PLACES.includes(collection.$id)) collection.attributes = collection.attributes.filter((attribute: { key: string }) => attribute.key !== 'boundary' && attribute.key !== 'centroid');
    }
  });
  const today = siteSchemaCopy();
  const storage = newTestStorage();
  afterAll(async () => {
    before.remove();
    today.remove();
    await removeTestData(engine, storage);
  });

  const start = (schemaFile: string): Promise<TestServer> => startTestServer({ engine, schemaFile, ...storage, keepData: true });
  const call = async (server: TestServer, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.endpoint}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, json: await response.json() };
  };

  it('adds the empty attributes at start-up and keeps every stored value', async () => {
    const old = await start(before.file);
    const created = await call(old, 'POST', '/databases/main/collections/regions/documents', { documentId: 'r1', data: { name: 'North', slug: 'north', code: 'N' } });
    expect(created.status).toBe(201);
    expect(created.json).not.toHaveProperty('boundary');
    await old.close();

    const upgraded = await start(today.file);
    try {
      const region = await call(upgraded, 'GET', '/databases/main/collections/regions/documents/r1');
      expect(region.json).toMatchObject({ name: 'North', slug: 'north', code: 'N', boundary: null });
      expect(region.json.centroid ?? []).toEqual([]);
      const boundary = JSON.stringify({ type: 'Polygon', coordinates: [[[35, -5], [36, -5], [36, -4], [35, -5]]] });
      const updated = await call(upgraded, 'PATCH', '/databases/main/collections/regions/documents/r1', { data: { boundary, centroid: [35.6, -4.7] } });
      expect(updated.status).toBe(200);
      expect(updated.json).toMatchObject({ name: 'North', boundary, centroid: [35.6, -4.7] });
    } finally {
      await upgraded.close();
    }
  });
});
