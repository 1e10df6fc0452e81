import { describe, expect, it } from 'vitest';
import { generateEvents } from './event-names.ts';

// Expectations from Appwrite's own unit test (tests/unit/Event/EventTest.php) and the protocol notes.
describe('generateEvents', () => {
  it('a user event: the concrete name and its wildcard forms, attribute events with and without the attribute', () => {
    expect(generateEvents('users.[userId].create', { userId: 'torsten' })).toEqual(['users.torsten.create', 'users.*.create', 'users.torsten', 'users.*']);
    expect(generateEvents('users.[userId].update.email', { userId: 'torsten' }).sort()).toEqual(
      ['users.torsten.update.email', 'users.torsten.update', 'users.torsten', 'users.*.update.email', 'users.*.update', 'users.*'].sort(),
    );
  });

  it('a document event: 21 collection forms, each followed by its TablesDB spelling (42)', () => {
    const events = generateEvents('databases.[databaseId].collections.[collectionId].documents.[documentId].create', {
      databaseId: 'main', collectionId: 'regions', tableId: 'regions', documentId: 'r1', rowId: 'r1',
    });
    expect(events).toHaveLength(42);
    expect(new Set(events).size).toBe(42);
    const collectionForms = events.filter((event) => !event.includes('.tables.'));
    expect(collectionForms.slice(0, 8).sort()).toEqual([
      'databases.main.collections.regions.documents.r1.create', 'databases.*.collections.*.documents.*.create',
      'databases.main.collections.*.documents.r1.create', 'databases.*.collections.*.documents.r1.create',
      'databases.*.collections.regions.documents.r1.create', 'databases.main.collections.regions.documents.*.create',
      'databases.*.collections.regions.documents.*.create', 'databases.main.collections.*.documents.*.create',
    ].sort());
    expect(collectionForms.slice(-6).sort()).toEqual(['databases.main.collections.regions', 'databases.*.collections.*', 'databases.main.collections.*', 'databases.*.collections.regions', 'databases.main', 'databases.*'].sort());
    expect(events[0]).toBe('databases.main.collections.regions.documents.r1.create');
    expect(events[1]).toBe('databases.main.tables.regions.rows.r1.create');
    expect(events).toContain('databases.*.tables.*.rows.*.create');
  });

  it('a nested event and an attribute event of a sub-resource', () => {
    const membership = generateEvents('teams.[teamId].memberships.[membershipId].update.status', { teamId: 't', membershipId: 'm' });
    expect(membership[0]).toBe('teams.t.memberships.m.update.status');
    expect(membership).toEqual(expect.arrayContaining(['teams.*.memberships.*.update.status', 'teams.t.memberships.m.update', 'teams.t.memberships.*', 'teams.*', 'teams.t']));
    expect(generateEvents('buckets.[bucketId].files.[fileId].delete', { bucketId: 'b', fileId: 'f' })).toEqual([
      'buckets.b.files.f.delete', 'buckets.*.files.*.delete', 'buckets.b.files.*.delete', 'buckets.*.files.f.delete',
      'buckets.b.files.f', 'buckets.*.files.*', 'buckets.b.files.*', 'buckets.*.files.f', 'buckets.b', 'buckets.*',
    ]);
  });

  it('refuses a pattern whose ids are not all given', () => {
    expect(() => generateEvents('buckets.[bucketId].files.[fileId].create', { bucketId: 'b' })).toThrow(/fileId/);
  });
});
