import { describe, expect, it } from 'vitest';
import { AppwriteError } from '../../core/errors.ts';
import { queryable } from './list-params.ts';
import { listEntries } from './schema-list.ts';

const entries = ['d', 'a', 'c', 'b', 'e'].map((id, position) => ({ $id: id, name: `Name ${id.toUpperCase()}`, enabled: position % 2 === 0, size: position }));
const options = { queryable: queryable('name', 'enabled', 'size'), idOf: (entry: { $id: string }) => entry.$id, searched: ['$id', 'name'] };
const q = (method: string, attribute?: string, values?: unknown[]) => JSON.stringify({ method, ...(attribute ? { attribute } : {}), ...(values ? { values } : {}) });

function ids(queries: string[], search?: string): string[] {
  return listEntries(entries, { queries, search }, options).items.map((entry) => entry.$id);
}

function errorOf(call: () => unknown): AppwriteError {
  try {
    call();
  } catch (error) {
    if (error instanceof AppwriteError) return error;
    throw error;
  }
  throw new Error('expected an AppwriteError');
}

describe('schema list queries', () => {
  it('filters, orders, pages and counts every match', () => {
    expect(ids([q('equal', 'enabled', [true])])).toEqual(['d', 'c', 'e']);
    expect(ids([q('orderAsc', '$id')])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids([q('orderDesc', 'size'), q('limit', undefined, [2]), q('offset', undefined, [1])])).toEqual(['b', 'c']);
    expect(ids([q('greaterThan', 'size', [2])])).toEqual(['b', 'e']);
    expect(listEntries(entries, { queries: [q('limit', undefined, [1])] }, options).total).toBe(5);
    expect(listEntries(entries, { queries: [], countTotal: false }, options).total).toBe(0);
  });

  it('pages with cursors in both directions', () => {
    const sorted = q('orderAsc', '$id');
    expect(ids([sorted, q('cursorAfter', undefined, ['b']), q('limit', undefined, [2])])).toEqual(['c', 'd']);
    expect(ids([sorted, q('cursorBefore', undefined, ['d']), q('limit', undefined, [2])])).toEqual(['b', 'c']);
    expect(ids([sorted, q('cursorBefore', undefined, ['d']), q('limit', undefined, [2]), q('offset', undefined, [1])])).toEqual(['a', 'b']);
    expect(errorOf(() => ids([q('cursorAfter', undefined, ['zz'])])).type).toBe('general_cursor_not_found');
  });

  it('searches id and name, ignoring case', () => {
    expect(ids([], 'name c')).toEqual(['c']);
    expect(ids([], 'nobody')).toEqual([]);
  });

  it('refuses attributes the list is not queried by, and search queries', () => {
    expect(errorOf(() => ids([q('equal', 'secret', ['x'])]))).toMatchObject({ type: 'general_argument_invalid', code: 400 });
    expect(errorOf(() => ids([q('orderAsc', 'secret')]))).toMatchObject({ type: 'general_argument_invalid' });
    expect(errorOf(() => ids([q('search', 'name', ['x'])]))).toMatchObject({ type: 'general_query_invalid' });
  });
});
