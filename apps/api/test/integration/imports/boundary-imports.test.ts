// Issue 17's map data from real sources: a GeoJSON FeatureCollection of one level sets `boundary`
// and `centroid` of the records its features name by $id, slug or code, through the console's
// import (upload, dry run, write). An invalid geometry fails the file and writes nothing.
import { beforeAll, expect, it } from 'vitest';
import { geometryContains } from '@ballot-atlas/shared/geo/measure';
import { REGIONS } from '../directory-io/csv-fixtures.ts';
import { describeEachEngine } from '../../support/scenario.ts';
import { answer, as, request, type Caller, useHistoryWorld } from '../history/history-fixture.ts';
import { checkFile, reportOf, upload, writeChecked } from './import-calls.ts';

type Properties = Record<string, string>;

function featureCollection(...features: { properties: Properties; geometry: unknown }[]): string {
  return JSON.stringify({ type: 'FeatureCollection', features: features.map((feature) => ({ type: 'Feature', ...feature })) });
}

/** A clockwise square with more decimals than are stored: the import rounds it and turns it around. */
const NORTH_SQUARE = { type: 'Polygon', coordinates: [[[35.1234567, -5.1], [35.1234567, -5.0], [35.3, -5.0], [35.3, -5.1], [35.1234567, -5.1]]] };
const NORTH_STORED = { type: 'Polygon', coordinates: [[[35.12346, -5.1], [35.3, -5.1], [35.3, -5], [35.12346, -5], [35.12346, -5.1]]] };
const SOUTH_ISLANDS = {
  type: 'MultiPolygon',
  coordinates: [
    [[[36, -8], [37, -8], [37, -7], [36, -7], [36, -8]]],
    [[[38, -8], [38.2, -8], [38.2, -7.8], [38, -7.8], [38, -8]]],
  ],
};

describeEachEngine('boundary imports (GeoJSON)', (engine) => {
  const world = useHistoryWorld(engine);
  let editor: Caller;

  beforeAll(async () => {
    const w = world();
    editor = as(w.editor);
    const regions = await checkFile(w, editor, 'regions.csv', REGIONS);
    expect(await writeChecked(w, editor, regions.$id)).toMatchObject({ status: 'completed', create: 2 });
  });

  it('sets boundary and centroid of the records named by $id, slug or code, and a second import changes nothing', async () => {
    const w = world();
    const file = featureCollection(
      { properties: { $id: 'r1', name: 'ignored' }, geometry: NORTH_SQUARE },
      { properties: { slug: 'south' }, geometry: SOUTH_ISLANDS },
      { properties: { slug: 'nowhere' }, geometry: NORTH_SQUARE },
    );
    const checked = await checkFile(w, editor, 'regions.geojson', file);
    expect(checked).toMatchObject({ status: 'checked', format: 'geojson', collectionId: 'regions', rows: 3, update: 2, create: 0, refused: 1, error: '' });
    const report = await reportOf(w, checked.$id);
    expect(report.map((row) => [row.recordId, row.action])).toEqual([['r1', 'update'], ['r2', 'update'], ['', 'refused']]);
    expect(report[2].reason).toBe('no record of regions has slug "nowhere"');

    expect(await writeChecked(w, editor, checked.$id)).toMatchObject({ status: 'completed', update: 2 });
    const north = await answer(w, w.operator, 'GET', '/databases/main/collections/regions/documents/r1');
    expect(JSON.parse(north.boundary)).toEqual(NORTH_STORED);
    expect(north.name).toBe('North');
    expect(geometryContains(NORTH_STORED as never, north.centroid)).toBe(true);
    const south = await answer(w, w.operator, 'GET', '/databases/main/collections/regions/documents/r2');
    expect(JSON.parse(south.boundary).type).toBe('MultiPolygon');
    // The centroid is in the larger island.
    expect(south.centroid[0]).toBeGreaterThan(36);
    expect(south.centroid[0]).toBeLessThan(37);

    // Named by code this time, the same shapes: nothing to write.
    const again = await checkFile(w, editor, 'again.geojson', featureCollection({ properties: { code: 'N' }, geometry: NORTH_SQUARE }, { properties: { code: 'S' }, geometry: SOUTH_ISLANDS }), { collectionId: 'regions' });
    expect(again).toMatchObject({ status: 'checked', unchanged: 2, update: 0, refused: 0 });
  });

  it('fails the whole file on an invalid geometry, naming the feature, and writes nothing', async () => {
    const w = world();
    const before = await answer(w, w.operator, 'GET', '/databases/main/collections/regions/documents/r2');
    const open = { type: 'Polygon', coordinates: [[[30, 1], [31, 1], [31, 2], [30, 2]]] };
    const file = featureCollection({ properties: { $id: 'r2' }, geometry: NORTH_SQUARE }, { properties: { $id: 'r1' }, geometry: open }, { properties: { $id: 'r1' }, geometry: { type: 'Point', coordinates: [30, 1] } });
    const failed = await checkFile(w, editor, 'regions.geojson', file);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(
      'Dry run: Invalid GeoJSON, nothing was imported: /features/1/geometry/coordinates/0 is not closed: its last position must repeat its first; ' +
        '/features/2/geometry has type "Point"; a boundary is a Polygon or a MultiPolygon.',
    );
    expect(await answer(w, w.operator, 'GET', '/databases/main/collections/regions/documents/r2')).toMatchObject({ boundary: before.boundary, centroid: before.centroid });
    const write = await request(w, editor, 'POST', `/imports/${failed.$id}/write`);
    expect(write.status).toBe(409);
    expect((await write.json()).type).toBe('import_not_checked');

    const notGeoJson = await checkFile(w, editor, 'regions.geojson', '{"type": "Feature"}');
    expect(notGeoJson).toMatchObject({ status: 'failed', error: expect.stringMatching(/must be a GeoJSON FeatureCollection/) });
  });

  it('takes GeoJSON only for regions, sub-regions, districts and electoral areas', async () => {
    const w = world();
    const fileId = await upload(w, editor, 'candidates.geojson', featureCollection());
    const refused = await request(w, editor, 'POST', '/imports', { body: { fileId } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ type: 'general_argument_invalid', message: expect.stringMatching(/boundaries of one of regions, subregions, districts, electoral_areas/) });
  });
});
