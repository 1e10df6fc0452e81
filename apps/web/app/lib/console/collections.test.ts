import { describe, expect, it } from 'vitest';
import { COLLECTION_VIEWS, CONSOLE_COLLECTIONS, UPDATED_COLUMN } from './collections';
import { allFields, formFields } from './record-fields';
import { collectionSchema } from './schema.server';

describe('the console’s views of appwrite.json', () => {
  for (const collection of CONSOLE_COLLECTIONS) {
    it(`${collection}: columns, title, sort and derived ids name real attributes`, () => {
      const schema = collectionSchema(collection);
      const view = COLLECTION_VIEWS[collection];
      const keys = schema.attributes.map((attribute) => attribute.key);
      expect(keys).toContain(view.titleKey);
      for (const column of view.columns) expect([...keys, UPDATED_COLUMN]).toContain(column);
      expect([...keys, UPDATED_COLUMN]).toContain(view.defaultSort.key);
      for (const key of view.derived ?? []) expect(keys).toContain(key);
      for (const key of view.imported ?? []) expect(keys).toContain(key);
    });

    it(`${collection}: every id attribute is a picker or an upload`, () => {
      const schema = collectionSchema(collection);
      for (const { attribute, control } of allFields(schema, COLLECTION_VIEWS[collection])) {
        if (/Id$/.test(attribute.key)) expect(['relation', 'file'], attribute.key).toContain(control.kind);
      }
    });
  }

  it('leaves a place’s boundary and centroid to the GeoJSON import: the form neither shows nor sends them', () => {
    for (const collection of ['regions', 'subregions', 'districts', 'electoral_areas'] as const) {
      const fields = formFields(collectionSchema(collection), COLLECTION_VIEWS[collection]).map((field) => field.attribute.key);
      expect(fields, collection).toContain('name');
      expect(fields, collection).not.toContain('boundary');
      expect(fields, collection).not.toContain('centroid');
    }
  });

  it('asks for a candidate’s region, district and electoral area, and derives the sub-region', () => {
    const fields = formFields(collectionSchema('candidates'), COLLECTION_VIEWS.candidates).map((field) => field.attribute.key);
    expect(fields).toEqual(expect.arrayContaining(['regionId', 'districtId', 'electoralAreaId', 'partyId', 'officeId', 'electionId', 'photoFileId']));
    expect(fields).not.toContain('subregionId');
  });

  it('knows the full-text and unique indexes', () => {
    expect(collectionSchema('candidates').fulltextKeys).toEqual(['name']);
    expect(collectionSchema('offices').fulltextKeys).toEqual([]);
    expect(collectionSchema('parties').uniqueKeys).toEqual(['slug']);
  });
});
