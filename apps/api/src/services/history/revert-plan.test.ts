import { describe, expect, it } from 'vitest';
import { AppwriteError } from '../../core/errors.ts';
import type { ChangeModel } from './change-model.ts';
import { diffSnapshots } from './record-snapshot.ts';
import { planRevert } from './revert-plan.ts';

function change(before: Record<string, unknown> | null, after: Record<string, unknown> | null): ChangeModel {
  return {
    $id: 'c1', $createdAt: '', databaseId: 'main', collectionId: 'parties', documentId: 'p1', action: before && after ? 'update' : before ? 'delete' : 'create',
    userId: '', userName: '', keyName: '', source: '', sourceIsUrl: false, revertOf: '', changes: diffSnapshots(before, after), before, after,
  };
}

function conflictOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof AppwriteError && error.type === 'history_revert_conflict') return error.message;
    throw error;
  }
  throw new Error('no conflict');
}

const v1 = { name: 'A', leader: 'L1', founded: 1990, tags: ['x'], $permissions: ['read("any")'] };
const v2 = { name: 'A', leader: 'L2', founded: 1991, tags: ['x'], $permissions: [] };

describe('the diff of two states of a record', () => {
  it('lists changed fields only, permissions last; a created or deleted record lists the fields that hold a value', () => {
    expect(diffSnapshots(v1, v2)).toEqual([
      { field: 'leader', before: 'L1', after: 'L2' },
      { field: 'founded', before: 1990, after: 1991 },
      { field: '$permissions', before: ['read("any")'], after: [] },
    ]);
    expect(diffSnapshots(null, { ...v1, empty: '', none: null, list: [] }).map((entry) => entry.field)).toEqual(['name', 'leader', 'founded', 'tags', '$permissions']);
    expect(diffSnapshots(v2, null).map((entry) => entry.field)).toEqual(['name', 'leader', 'founded', 'tags']);
    expect(diffSnapshots(v1, { ...v1 })).toEqual([]);
  });
});

describe('a revert', () => {
  it('writes back the fields an update changed, with the permissions when they changed', () => {
    expect(planRevert(change(v1, v2), { ...v2, description: 'added later' })).toEqual({ kind: 'update', data: { leader: 'L1', founded: 1990 }, permissions: ['read("any")'] });
    expect(planRevert(change(v1, { ...v1, leader: 'L3' }), { ...v1, leader: 'L3' })).toEqual({ kind: 'update', data: { leader: 'L1' }, permissions: undefined });
  });

  it('re-creates what a deletion removed and deletes what a creation made', () => {
    expect(planRevert(change(v1, null), null)).toEqual({ kind: 'create', data: { name: 'A', leader: 'L1', founded: 1990, tags: ['x'] }, permissions: ['read("any")'] });
    expect(planRevert(change(null, v1), { ...v1, added: '' })).toEqual({ kind: 'delete' });
  });

  it('refuses when the fields it would write changed since, or the record is gone or back', () => {
    expect(conflictOf(() => planRevert(change(v1, v2), { ...v2, founded: 2000, leader: 'L9' }))).toContain('founded');
    expect(conflictOf(() => planRevert(change(v1, v2), { ...v2, founded: 2000, leader: 'L9' }))).toContain('leader');
    expect(conflictOf(() => planRevert(change(v1, v2), null))).toContain('deleted');
    expect(conflictOf(() => planRevert(change(v1, null), v1))).toContain('exists again');
    expect(conflictOf(() => planRevert(change(null, v1), { ...v1, description: 'edited since' }))).toContain('description');
  });
});
