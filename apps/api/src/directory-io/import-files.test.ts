import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadProjectSchema } from '../schema/project-schema.ts';
import { describeImportFiles, ImportFileError } from './import-files.ts';

const schema = loadProjectSchema(fileURLToPath(new URL('../../../../appwrite.json', import.meta.url)));

describe('describeImportFiles', () => {
  it('reads .geojson as boundaries of the collection it is named after, imported after the records', () => {
    const files = describeImportFiles(schema, ['in/districts.geojson', 'in/regions.geojson', 'in/districts.csv', 'in/country.json'], {});
    expect(files.map((file) => [file.name, file.format, file.collectionId])).toEqual([
      ['country.json', 'popolo', undefined],
      ['districts.csv', 'csv', 'districts'],
      ['regions.geojson', 'geojson', 'regions'],
      ['districts.geojson', 'geojson', 'districts'],
    ]);
    expect(describeImportFiles(schema, ['shapes.json'], { format: 'geojson', collection: 'electoral_areas' })[0]).toMatchObject({ format: 'geojson', collectionId: 'electoral_areas' });
  });

  it('refuses GeoJSON for a collection without boundaries, and an unknown format', () => {
    expect(() => describeImportFiles(schema, ['candidates.geojson'], {})).toThrow(ImportFileError);
    expect(() => describeImportFiles(schema, ['shapes.geojson'], {})).toThrow(/boundaries of one of regions, subregions, districts, electoral_areas/);
    expect(() => describeImportFiles(schema, ['a.csv'], { format: 'kml' })).toThrow('unknown format "kml": csv, popolo or geojson');
  });
});
