import assert from 'node:assert/strict';
import { test } from 'vitest';
import { parseAreaPath, parseSearchPath, parseTsQuery } from './compare.ts';

test('a Parse search term keeps what it cannot fold, ands the words and makes the last a prefix', () => {
  assert.equal(parseTsQuery('kwame mensah'), 'kwame & mensah:*');
  assert.equal(parseTsQuery("O'Brien"), 'o & brien:*');
  assert.equal(parseTsQuery('Muñoz'), 'muñoz:*');
  assert.equal(parseTsQuery(' - '), undefined);
});

test('the Parse REST calls carry the where clause as JSON, the order and the count', () => {
  const area = new URL(parseAreaPath('ea0015'), 'http://x');
  assert.equal(area.pathname, '/classes/Candidate');
  assert.deepEqual(JSON.parse(area.searchParams.get('where')!), { electoralAreaId: 'ea0015' });
  assert.deepEqual([area.searchParams.get('order'), area.searchParams.get('limit'), area.searchParams.get('count')], ['name', '25', '1']);
  const search = new URL(parseSearchPath('Kwame Mensah'), 'http://x');
  assert.deepEqual(JSON.parse(search.searchParams.get('where')!), { name: { $text: { $search: { $term: 'kwame & mensah:*', $language: 'simple' } } } });
  assert.equal(search.searchParams.get('order'), 'objectId');
});
