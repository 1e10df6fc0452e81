import { describe, expect, it } from 'vitest';
import { fieldControl, relationTarget, type AttributeDefinition } from './attributes';

const string = (key: string, extra: Partial<AttributeDefinition> = {}): AttributeDefinition => ({ key, type: 'string', required: false, array: false, size: 128, ...extra });

describe('relationTarget', () => {
  it('maps id attributes to the collections they point at', () => {
    expect(relationTarget('partyId')).toBe('parties');
    expect(relationTarget('officeId')).toBe('offices');
    expect(relationTarget('electionId')).toBe('elections');
    expect(relationTarget('regionId')).toBe('regions');
    expect(relationTarget('subregionId')).toBe('subregions');
    expect(relationTarget('districtId')).toBe('districts');
    expect(relationTarget('electoralAreaId')).toBe('electoral_areas');
  });

  it('leaves files, unknown collections and other keys alone', () => {
    expect(relationTarget('photoFileId')).toBeNull();
    expect(relationTarget('logoFileId')).toBeNull();
    expect(relationTarget('userId')).toBeNull();
    expect(relationTarget('name')).toBeNull();
    expect(relationTarget('Id')).toBeNull();
  });
});

describe('fieldControl', () => {
  it('follows the declaration: enums, URLs, numbers with their range, booleans, dates', () => {
    expect(fieldControl(string('status', { format: 'enum', elements: ['a', 'b'] }))).toEqual({ kind: 'choice', options: ['a', 'b'] });
    expect(fieldControl(string('website', { format: 'url', size: undefined }))).toEqual({ kind: 'url' });
    expect(fieldControl({ key: 'votes', type: 'integer', required: false, array: false, min: 0, max: 10 })).toEqual({ kind: 'number', integer: true, min: 0, max: 10 });
    expect(fieldControl({ key: 'votePercent', type: 'double', required: false, array: false, min: 0, max: 100 })).toEqual({ kind: 'number', integer: false, min: 0, max: 100 });
    expect(fieldControl({ key: 'allDay', type: 'boolean', required: false, array: false })).toEqual({ kind: 'checkbox' });
    expect(fieldControl({ key: 'start', type: 'datetime', required: true, array: false })).toEqual({ kind: 'datetime' });
    expect(fieldControl({ key: 'dateOfBirth', type: 'datetime', required: false, array: false }, ['dateOfBirth'])).toEqual({ kind: 'date' });
  });

  it('makes pickers of relations and uploads of file ids', () => {
    expect(fieldControl(string('partyId', { size: 36 }))).toEqual({ kind: 'relation', target: 'parties' });
    expect(fieldControl(string('photoFileId', { size: 36 }))).toEqual({ kind: 'file' });
  });

  it('gives long text a text area, short text one line, and a #rrggbb colour its own control', () => {
    expect(fieldControl(string('bio', { size: 5000 }))).toEqual({ kind: 'text', maxLength: 5000, multiline: true });
    expect(fieldControl(string('name', { size: 128 }))).toEqual({ kind: 'text', maxLength: 128, multiline: false });
    expect(fieldControl(string('colour', { size: 7 }))).toEqual({ kind: 'colour' });
  });

  it('edits arrays one item per line', () => {
    expect(fieldControl(string('socialLinks', { array: true, format: 'url' }))).toEqual({ kind: 'list', item: 'url' });
    expect(fieldControl(string('tags', { array: true }))).toEqual({ kind: 'list', item: 'text' });
  });
});
