import { describe, expect, it } from 'vitest';
import { readTableQuery, rowRange, sortedBy, tableSearch } from './table-query';

const fallback = { key: 'name', direction: 'asc' } as const;
const sortable = ['name', 'status', '$updatedAt'];

describe('table queries', () => {
  it('read search, sort and page from the address', () => {
    expect(readTableQuery(new URLSearchParams('q=%20Kampala%20&sort=status&order=desc&page=3'), sortable, fallback)).toEqual({ search: 'Kampala', sort: { key: 'status', direction: 'desc' }, page: 3 });
  });

  it('fall back for unknown columns and bad pages', () => {
    expect(readTableQuery(new URLSearchParams('sort=password&order=desc&page=-2'), sortable, fallback)).toEqual({ search: '', sort: fallback, page: 1 });
    expect(readTableQuery(new URLSearchParams('page=1.5'), sortable, fallback).page).toBe(1);
  });

  it('write addresses without the defaults', () => {
    expect(tableSearch({ search: '', sort: fallback, page: 1 }, fallback)).toBe('');
    expect(tableSearch({ search: 'Ngozi O’Neil', sort: { key: 'status', direction: 'asc' }, page: 2 }, fallback)).toBe('?q=Ngozi+O%E2%80%99Neil&sort=status&order=asc&page=2');
  });

  it('sort by a new column ascending, flip the current one, and go back to page 1', () => {
    const query = { search: 'a', sort: fallback, page: 4 };
    expect(sortedBy(query, 'status')).toEqual({ search: 'a', sort: { key: 'status', direction: 'asc' }, page: 1 });
    expect(sortedBy(query, 'name')).toEqual({ search: 'a', sort: { key: 'name', direction: 'desc' }, page: 1 });
    expect(sortedBy({ ...query, sort: { key: 'name', direction: 'desc' } }, 'name').sort.direction).toBe('asc');
  });

  it('count the rows shown', () => {
    expect(rowRange(1, 25, 3000)).toEqual({ first: 1, last: 25, total: 3000 });
    expect(rowRange(3, 7, 57)).toEqual({ first: 51, last: 57, total: 57 });
    expect(rowRange(1, 0, 0)).toEqual({ first: 0, last: 0, total: 0 });
  });
});
