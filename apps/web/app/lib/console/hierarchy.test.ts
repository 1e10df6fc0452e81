import { describe, expect, it } from 'vitest';
import { hierarchyPlan, widerAreas } from './hierarchy';

const candidateKeys = ['name', 'partyId', 'regionId', 'subregionId', 'districtId', 'electoralAreaId'];

describe('hierarchyPlan', () => {
  it('takes a candidate’s region, sub-region and district from the electoral area', () => {
    expect(hierarchyPlan(candidateKeys, ['subregionId'], { regionId: 'r-old', districtId: '', electoralAreaId: 'ea1' })).toEqual({
      source: 'electoralAreaId',
      copy: ['regionId', 'subregionId', 'districtId'],
      clear: [],
    });
  });

  it('takes them from the district when no electoral area is chosen', () => {
    expect(hierarchyPlan(candidateKeys, ['subregionId'], { regionId: '', districtId: 'd1', electoralAreaId: '' })).toEqual({ source: 'districtId', copy: ['regionId', 'subregionId'], clear: [] });
  });

  it('empties the derived sub-region of a region-level candidate', () => {
    expect(hierarchyPlan(candidateKeys, ['subregionId'], { regionId: 'r1', districtId: '', electoralAreaId: null })).toEqual({ source: 'regionId', copy: [], clear: ['subregionId'] });
  });

  it('empties it for a national candidate too', () => {
    expect(hierarchyPlan(candidateKeys, ['subregionId'], { regionId: '', districtId: '', electoralAreaId: '' })).toEqual({ source: null, copy: [], clear: ['subregionId'] });
  });

  it('derives an electoral area’s wider areas from its district', () => {
    expect(hierarchyPlan(['name', 'districtId', 'subregionId', 'regionId'], ['subregionId', 'regionId'], { districtId: 'd1' })).toEqual({ source: 'districtId', copy: ['regionId', 'subregionId'], clear: [] });
  });

  it('never reads a derived id as the source', () => {
    expect(hierarchyPlan(['districtId', 'subregionId', 'regionId'], ['subregionId', 'regionId'], { districtId: '', regionId: 'r1' })).toEqual({ source: null, copy: [], clear: ['regionId', 'subregionId'] });
  });

  it('does nothing for collections without areas', () => {
    expect(hierarchyPlan(['name', 'slug'], [], { name: 'x' })).toEqual({ source: null, copy: [], clear: [] });
  });
});

describe('widerAreas', () => {
  it('lists the wider areas of an area column, narrowest first, among the collection’s attributes', () => {
    expect(widerAreas('electoralAreaId', candidateKeys)).toEqual(['districtId', 'subregionId', 'regionId']);
    expect(widerAreas('districtId', ['districtId', 'regionId'])).toEqual(['regionId']);
    expect(widerAreas('regionId', candidateKeys)).toEqual([]);
    expect(widerAreas('partyId', candidateKeys)).toEqual([]);
  });
});
