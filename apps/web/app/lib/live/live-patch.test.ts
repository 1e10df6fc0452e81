import { describe, expect, it } from 'vitest';
import { CANDIDATE_FIELDS, patched, patchedRows, plainFields } from './live-patch';

describe('live patches', () => {
  it('takes only the listed fields that hold plain values', () => {
    const payload = { $id: 'c1', name: 'Ama', status: 'elected', votes: 12, votePercent: null, partyId: 'p1', socialLinks: ['x'], bio: { html: 'no' } };
    expect(plainFields(payload, CANDIDATE_FIELDS)).toEqual({ name: 'Ama', status: 'elected', votes: 12, votePercent: null });
  });

  it('lays a record’s patch over it and leaves the others as they are', () => {
    const patches = new Map([['c1', { votes: 40 }]]);
    const shown = { id: 'c1', name: 'Ama', votes: 3 };
    expect(patched(shown, patches, 'c1')).toEqual({ id: 'c1', name: 'Ama', votes: 40 });
    const other = { id: 'c2', name: 'Kofi', votes: 5 };
    expect(patched(other, patches, 'c2')).toBe(other);
  });

  it('patches rows inside their groups, keeping the groups untouched without patches', () => {
    const groups = [{ office: 'MP', rows: [{ id: 'c1', votes: 1 }, { id: 'c2', votes: 2 }] }];
    expect(patchedRows(groups, new Map())).toBe(groups);
    expect(patchedRows(groups, new Map([['c2', { votes: 9 }]]))).toEqual([{ office: 'MP', rows: [{ id: 'c1', votes: 1 }, { id: 'c2', votes: 9 }] }]);
    expect(groups[0]!.rows[1]!.votes).toBe(2);
  });
});
