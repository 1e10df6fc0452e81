import assert from 'node:assert/strict';
import { test } from 'vitest';
import { listPath } from '../scenarios.ts';
import { parseListRequest, postgresTsQuery } from './raw-list-request.ts';

const paramsOf = (queries: object[]) => new URL(listPath(queries.map((query) => JSON.stringify(query))), 'http://x').searchParams;

test('the area scenario parses to area, limit and offset 0', () => {
  const params = paramsOf([{ method: 'equal', attribute: 'electoralAreaId', values: ['ea-1'] }, { method: 'orderAsc', attribute: 'name' }, { method: 'limit', values: [25] }]);
  assert.deepEqual(parseListRequest(params), { area: 'ea-1', limit: 25, offset: 0 });
});

test('an area list without the name order is refused, as is an unknown query', () => {
  assert.equal(typeof parseListRequest(paramsOf([{ method: 'equal', attribute: 'electoralAreaId', values: ['ea-1'] }])), 'string');
  assert.match(String(parseListRequest(paramsOf([{ method: 'notEqual', attribute: 'name', values: ['x'] }]))), /unsupported query/);
});

test('the tsquery folds like our index, ands the terms and makes the last one a prefix', () => {
  assert.equal(postgresTsQuery('kwame mensah'), 'kwame & mensah:*');
  assert.equal(postgresTsQuery("O'Brien"), 'obrien:*');
  assert.equal(postgresTsQuery('Traoré'), 'traore:*');
  assert.equal(postgresTsQuery('Jean-Baptiste'), 'jean & baptiste:*');
  assert.equal(postgresTsQuery(' -- '), undefined);
});
