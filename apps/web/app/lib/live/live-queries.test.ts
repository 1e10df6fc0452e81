import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The API's own reading of subscription queries: what the server will keep of the channels' events.
import { passes, readSubscriptionQueries } from '../../../../api/src/realtime/subscription-queries.ts';
import { raceFilter } from '../../pages/results/use-live-race';
import type { LiveFilter } from './live-filter';
import { calendarFilter, inArea, inDistrict } from './live-pages';
import { subscriptionQueries } from './live-queries';

/** Whether the server sends a record with this payload to a subscription with this filter. */
function sent(filter: LiveFilter, payload: Record<string, unknown>): boolean {
  return passes(readSubscriptionQueries(subscriptionQueries(filter)).filter, payload);
}

const candidate = (fields: Record<string, unknown>) => ({
  $id: 'c9',
  electionId: 'e1',
  officeId: 'mp',
  regionId: '',
  districtId: '',
  electoralAreaId: '',
  partyId: '',
  ...fields,
});

describe('live subscription queries', () => {
  it('are Appwrite query strings: any of the matches, all fields of a match, any of a field’s values', () => {
    const queries = subscriptionQueries([{ electionId: ['e1'], officeId: ['mp'] }, { $id: ['c1', 'c2'] }]).map((query) => JSON.parse(query));
    expect(queries).toEqual([
      {
        method: 'or',
        values: [
          {
            method: 'and',
            values: [
              { method: 'equal', attribute: 'electionId', values: ['e1'] },
              { method: 'equal', attribute: 'officeId', values: ['mp'] },
            ],
          },
          { method: 'equal', attribute: '$id', values: ['c1', 'c2'] },
        ],
      },
    ]);
    expect(subscriptionQueries([{ districtId: ['d1'] }]).map((query) => JSON.parse(query))).toEqual([{ method: 'equal', attribute: 'districtId', values: ['d1'] }]);
  });

  it('read "no value" as null or the empty text', () => {
    expect(subscriptionQueries([{ regionId: [null, 'r1'] }]).map((query) => JSON.parse(query))).toEqual([
      {
        method: 'or',
        values: [
          { method: 'isNull', attribute: 'regionId' },
          { method: 'equal', attribute: 'regionId', values: ['r1', ''] },
        ],
      },
    ]);
    expect(sent([{ regionId: [null] }], { regionId: null })).toBe(true);
    expect(sent([{ regionId: [null] }], { regionId: '' })).toBe(true);
    expect(sent([{ regionId: [null] }], { regionId: 'r1' })).toBe(false);
  });

  it('ask for every event without a filter, or when a match has no fields', () => {
    expect(subscriptionQueries(undefined)).toEqual([]);
    expect(subscriptionQueries([{}, { $id: ['e1'] }])).toEqual([]);
    expect(readSubscriptionQueries(subscriptionQueries(undefined)).filter).toBeNull();
  });

  it('send a results view its race, a place-wide race only for its place, and a shown candidate who left it', () => {
    const district = raceFilter({ electionId: 'e1', officeId: 'mp', place: { field: 'districtId', id: 'd1' } }, ['c1', 'c2']);
    expect(sent(district, candidate({ $id: 'c7', districtId: 'd1' }))).toBe(true);
    expect(sent(district, candidate({ $id: 'c7', districtId: 'd2' }))).toBe(false);
    expect(sent(district, candidate({ $id: 'c7', districtId: 'd1', officeId: 'mayor' }))).toBe(false);
    expect(sent(district, candidate({ $id: 'c7', districtId: 'd1', electionId: 'e2' }))).toBe(false);
    expect(sent(district, candidate({ $id: 'c2', districtId: 'd1', electionId: 'e2' }))).toBe(true);
    const national = raceFilter({ electionId: 'e1', officeId: 'president', place: null }, []);
    expect(sent(national, candidate({ officeId: 'president', districtId: 'd5' }))).toBe(true);
    expect(sent(national, candidate({ officeId: 'mp' }))).toBe(false);
  });

  it('send a calendar its kind and region (and events without a region), or an event it shows', () => {
    const filter = calendarFilter(['ev1'], { kind: 'rally', regionId: 'r1' });
    expect(sent(filter, { $id: 'ev2', kind: 'rally', regionId: 'r1' })).toBe(true);
    expect(sent(filter, { $id: 'ev2', kind: 'rally', regionId: '' })).toBe(true);
    expect(sent(filter, { $id: 'ev2', kind: 'rally', regionId: 'r2' })).toBe(false);
    expect(sent(filter, { $id: 'ev2', kind: 'debate', regionId: 'r1' })).toBe(false);
    expect(sent(filter, { $id: 'ev1', kind: 'debate', regionId: 'r2' })).toBe(true);
    expect(subscriptionQueries(calendarFilter([], { kind: null, regionId: null }))).toEqual([]);
  });

  it('never keep from a list page a candidate its own check would take (area and district lists)', () => {
    const value = fc.constantFrom('a1', 'a2', 'd1', 'd2', '', null);
    const payload = fc.record({ $id: fc.constantFrom('c1', 'c2', 'c3'), electoralAreaId: value, districtId: value });
    const place = fc.oneof(
      fc.tuple(fc.constantFrom('a1', 'a2'), fc.constantFrom('d1', 'd2', null)).map(([area, district]) => inArea(area, district)),
      fc.constantFrom('d1', 'd2').map((district) => inDistrict(district)),
    );
    fc.assert(
      fc.property(place, payload, fc.subarray(['c1', 'c2']), (list, record, shown) => {
        const filter = [...list.matches, ...(shown.length ? [{ $id: shown }] : [])];
        const wanted = shown.includes(record.$id) || list.belongs(record);
        // The server keeps exactly what the page wants: nothing it needs is lost, nothing else is sent.
        expect(sent(filter, record)).toBe(wanted);
      }),
    );
  });
});
