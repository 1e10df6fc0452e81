import { describe, expect, it } from 'vitest';
import { collectionChannel, documentChannel, liveEvent, touches } from './live-event';

const update = (payload: Record<string, unknown>) =>
  liveEvent(
    ['databases.main.collections.candidates.documents.c1.update', 'databases.main.collections.candidates.documents.*.update', 'databases.*'],
    [collectionChannel('candidates')],
    payload,
  );

describe('live events', () => {
  it('names channels as the API publishes them', () => {
    expect(documentChannel('candidates', 'c1')).toBe('databases.main.collections.candidates.documents.c1');
    expect(collectionChannel('events')).toBe('databases.main.collections.events.documents');
  });

  it('reads the action from the event names', () => {
    expect(update({}).action).toBe('update');
    expect(liveEvent(['databases.main.collections.candidates.documents.c1.delete'], [], {}).action).toBe('delete');
    expect(liveEvent(['databases.main.collections.candidates.documents.c1.create'], [], {}).action).toBe('create');
    expect(liveEvent(['users.u1.sessions.s1.create', 'databases.x'], [], {}).action).toBe('create');
    expect(liveEvent(['functions.f1.executions.e1'], [], {}).action).toBe('other');
  });

  it('keeps a non-object payload from reaching a page as anything but an empty record', () => {
    expect(liveEvent([], [], null).payload).toEqual({});
    expect(liveEvent([], [], 'text').payload).toEqual({});
  });

  it('matches a record by id or by one field', () => {
    const event = update({ $id: 'c1', electoralAreaId: 'a1', districtId: 'd1' });
    expect(touches(event, { ids: ['c1'] })).toBe(true);
    expect(touches(event, { ids: ['c2'] })).toBe(false);
    expect(touches(event, { ids: ['c2'], field: 'electoralAreaId', values: ['a1'] })).toBe(true);
    expect(touches(event, { ids: ['c2'], field: 'electoralAreaId', values: ['a2'] })).toBe(false);
    expect(touches(event, { field: 'partyId', values: ['p1'] })).toBe(false);
    expect(touches(update({ $id: 'c3', partyId: null }), { field: 'partyId', values: [null] })).toBe(false);
  });
});
