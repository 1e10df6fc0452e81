import { describe, expect, it } from 'vitest';
import { fieldControl, type AttributeDefinition } from './attributes';
import { datetimeFromInput, datetimeInputValue, documentData, formValuesOf, readFormValues, type EditableAttribute } from './form-values';

const attributes: AttributeDefinition[] = [
  { key: 'name', type: 'string', required: true, array: false, size: 128, default: null },
  { key: 'occupation', type: 'string', required: false, array: false, size: 128, default: '' },
  { key: 'website', type: 'string', required: false, array: false, format: 'url', default: null },
  { key: 'ballotNumber', type: 'integer', required: false, array: false, min: 1, max: 100, default: null },
  { key: 'votePercent', type: 'double', required: false, array: false, default: null },
  { key: 'allDay', type: 'boolean', required: false, array: false, default: false },
  { key: 'start', type: 'datetime', required: true, array: false, default: null },
  { key: 'dateOfBirth', type: 'datetime', required: false, array: false, default: null },
  { key: 'socialLinks', type: 'string', required: false, array: true, format: 'url', default: null },
  { key: 'colour', type: 'string', required: false, array: false, size: 7, default: '' },
  { key: 'partyId', type: 'string', required: false, array: false, size: 36, default: '' },
];
const fields: EditableAttribute[] = attributes.map((attribute) => ({ attribute, control: fieldControl(attribute, ['dateOfBirth']) }));

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
}

describe('datetime inputs', () => {
  it('show stored instants in UTC, to the minute or the day', () => {
    expect(datetimeInputValue('2027-03-04T09:05:30.000+00:00', 'datetime')).toBe('2027-03-04T09:05');
    expect(datetimeInputValue('2027-03-04T23:30:00.000-02:00', 'datetime')).toBe('2027-03-05T01:30');
    expect(datetimeInputValue('1980-07-01T00:00:00.000+00:00', 'date')).toBe('1980-07-01');
    expect(datetimeInputValue('not a date', 'date')).toBe('');
  });

  it('store what was typed as UTC, and pass anything else on for the API to judge', () => {
    expect(datetimeFromInput('2027-03-04T09:05', 'datetime')).toBe('2027-03-04T09:05:00.000+00:00');
    expect(datetimeFromInput('1980-07-01', 'date')).toBe('1980-07-01T00:00:00.000+00:00');
    expect(datetimeFromInput('yesterday', 'date')).toBe('yesterday');
  });
});

describe('formValuesOf', () => {
  it('turns a record into the strings its inputs show', () => {
    const values = formValuesOf(fields, {
      name: 'Amara N’Diaye',
      occupation: null,
      website: 'https://example.org',
      ballotNumber: 7,
      votePercent: 12.5,
      allDay: true,
      start: '2027-03-04T06:00:00.000+00:00',
      dateOfBirth: '1980-07-01T00:00:00.000+00:00',
      socialLinks: ['https://a.example', 'https://b.example'],
      colour: '#1a7f37',
      partyId: 'p1',
    });
    expect(values).toEqual({
      name: 'Amara N’Diaye',
      occupation: '',
      website: 'https://example.org',
      ballotNumber: '7',
      votePercent: '12.5',
      allDay: 'true',
      start: '2027-03-04T06:00',
      dateOfBirth: '1980-07-01',
      socialLinks: 'https://a.example\nhttps://b.example',
      colour: '#1a7f37',
      partyId: 'p1',
    });
  });

  it('starts a new record from the defaults', () => {
    expect(formValuesOf(fields, null)).toMatchObject({ name: '', occupation: '', allDay: '', ballotNumber: '' });
  });
});

describe('readFormValues and documentData', () => {
  it('convert a submission into the API’s types', () => {
    const values = readFormValues(
      fields,
      form({
        name: '  Jean-Pierre O’Brien  ',
        occupation: 'Teacher',
        website: 'https://example.org',
        ballotNumber: '3',
        votePercent: '41.25',
        allDay: 'true',
        start: '2027-03-04T06:00',
        dateOfBirth: '1975-12-31',
        socialLinks: 'https://a.example\r\n\r\n  https://b.example ',
        colour: '#1A7F37',
        partyId: 'p2',
      }),
    );
    expect(documentData(fields, values)).toEqual({
      name: 'Jean-Pierre O’Brien',
      occupation: 'Teacher',
      website: 'https://example.org',
      ballotNumber: 3,
      votePercent: 41.25,
      allDay: true,
      start: '2027-03-04T06:00:00.000+00:00',
      dateOfBirth: '1975-12-31T00:00:00.000+00:00',
      socialLinks: ['https://a.example', 'https://b.example'],
      colour: '#1a7f37',
      partyId: 'p2',
    });
  });

  it('empties optional fields the way their attribute stores nothing, and leaves required ones for the API to name', () => {
    const values = readFormValues(fields, form({ name: ' ', start: '' }));
    expect(values['allDay']).toBe('');
    expect(documentData(fields, values)).toEqual({
      name: null,
      occupation: '',
      website: null,
      ballotNumber: null,
      votePercent: null,
      allDay: false,
      start: null,
      dateOfBirth: null,
      socialLinks: [],
      colour: '',
      partyId: '',
    });
  });

  it('sends a number that does not parse as typed, so the API’s message explains it', () => {
    const values = readFormValues(fields, form({ ballotNumber: 'seven' }));
    expect(documentData(fields, values)['ballotNumber']).toBe('seven');
  });

  it('keeps the inner line breaks and spaces of text', () => {
    const values = readFormValues(fields, form({ occupation: 'Farmer,\n  teacher' }));
    expect(documentData(fields, values)['occupation']).toBe('Farmer,\n  teacher');
  });
});
