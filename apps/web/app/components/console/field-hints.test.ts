import { describe, expect, it } from 'vitest';
import { fieldControl, type AttributeDefinition } from '../../lib/console/attributes';
import { areaRoles, fieldHints } from './field-hints';

const field = (attribute: AttributeDefinition) => ({ attribute, control: fieldControl(attribute) });

describe('fieldHints', () => {
  it('states the limits the API enforces', () => {
    expect(fieldHints(field({ key: 'name', type: 'string', required: true, array: false, size: 128 }), { slugFromTitle: true, areaRole: null })).toEqual([{ key: 'hints.maxLength', values: { max: 128 } }]);
    expect(fieldHints(field({ key: 'seats', type: 'integer', required: false, array: false, min: 1, max: 10_000 }), { slugFromTitle: false, areaRole: null })).toEqual([{ key: 'hints.wholeRange', values: { min: 1, max: 10_000 } }]);
    expect(fieldHints(field({ key: 'socialLinks', type: 'string', required: false, array: true, format: 'url' }), { slugFromTitle: false, areaRole: null })).toEqual([{ key: 'hints.urlList' }]);
  });

  it('says when a slug is made from the title, and how an area field relates to the others', () => {
    expect(fieldHints(field({ key: 'slug', type: 'string', required: true, array: false, size: 160 }), { slugFromTitle: true, areaRole: null })[0]).toEqual({ key: 'hints.slugFromTitle' });
    expect(fieldHints(field({ key: 'districtId', type: 'string', required: false, array: false, size: 36 }), { slugFromTitle: false, areaRole: 'wider' })).toEqual([{ key: 'hints.widerArea' }]);
  });
});

describe('areaRoles', () => {
  it('makes the narrowest area of a form decide the wider ones', () => {
    expect(areaRoles(['name', 'regionId', 'districtId', 'electoralAreaId'], ['subregionId'])).toEqual({ regionId: 'wider', districtId: 'wider', electoralAreaId: 'narrowest' });
    expect(areaRoles(['name', 'districtId'], ['subregionId', 'regionId'])).toEqual({ districtId: 'narrowest' });
  });

  it('gives a lone area nothing to explain', () => {
    expect(areaRoles(['name', 'regionId'], [])).toEqual({});
  });
});
