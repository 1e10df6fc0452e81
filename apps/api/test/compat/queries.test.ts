import { beforeAll, expect, it } from 'vitest';
import { describeCompat } from './support/compat-suite.ts';
import { walkBackward, walkForward } from './support/paging.ts';
import { allPeople, createPeople, people } from './support/people.ts';
import { logical, type QueryBuilder } from './support/sdk-generations.ts';
import { attributeKeys, idsOf, SYSTEM_FIELDS } from './support/wire.ts';

interface QueryCase {
  name: string;
  queries: (Query: QueryBuilder) => string[];
  expected: readonly string[];
  /** A builder only newer SDK generations have; the case is skipped where it is missing. */
  requires?: keyof QueryBuilder;
}

const except = (...ids: string[]) => allPeople.filter((id) => !ids.includes(id));

const filterCases: QueryCase[] = [
  { name: 'equal, one value', queries: (Q) => [Q.equal('kind', 'alpha')], expected: ['p01', 'p04', 'p08'] },
  { name: 'equal, several values', queries: (Q) => [Q.equal('kind', ['alpha', 'gamma'])], expected: ['p01', 'p03', 'p04', 'p07', 'p08', 'p11'] },
  { name: 'equal on a boolean', queries: (Q) => [Q.equal('active', true)], expected: ['p01', 'p03', 'p05', 'p07', 'p09', 'p11'] },
  { name: 'equal on $id', queries: (Q) => [Q.equal('$id', ['p07', 'p03'])], expected: ['p03', 'p07'] },
  { name: 'notEqual (nulls do not match)', queries: (Q) => [Q.notEqual('kind', 'alpha')], expected: ['p02', 'p03', 'p06', 'p07', 'p10', 'p11'] },
  { name: 'lessThan on an integer', queries: (Q) => [Q.lessThan('count', 20)], expected: ['p01'] },
  { name: 'lessThanEqual on an integer', queries: (Q) => [Q.lessThanEqual('count', 20)], expected: ['p01', 'p02', 'p03', 'p07'] },
  { name: 'greaterThan on an integer', queries: (Q) => [Q.greaterThan('count', 60)], expected: ['p10', 'p11', 'p12'] },
  { name: 'greaterThanEqual on an integer', queries: (Q) => [Q.greaterThanEqual('count', 60)], expected: ['p09', 'p10', 'p11', 'p12'] },
  { name: 'lessThan on a float', queries: (Q) => [Q.lessThan('price', 2.5)], expected: ['p01', 'p02', 'p08'] },
  { name: 'greaterThan on a datetime', queries: (Q) => [Q.greaterThan('published', '2024-06-01T00:00:00.000+00:00')], expected: ['p06', 'p07', 'p09', 'p11', 'p12'] },
  { name: 'between, inclusive', queries: (Q) => [Q.between('count', 20, 40)], expected: ['p02', 'p03', 'p04', 'p06', 'p07'] },
  { name: 'between datetimes', queries: (Q) => [Q.between('published', '2024-01-01T00:00:00.000+00:00', '2024-03-15T10:00:00.000+00:00')], expected: ['p01', 'p02', 'p03'] },
  { name: 'isNull', queries: (Q) => [Q.isNull('published')], expected: ['p04', 'p10'] },
  { name: 'isNotNull', queries: (Q) => [Q.isNotNull('kind')], expected: except('p05', 'p09', 'p12') },
  { name: 'startsWith', queries: (Q) => [Q.startsWith('title', 'Bob W')], expected: ['p04'] },
  { name: 'endsWith', queries: (Q) => [Q.endsWith('title', 'er')], expected: ['p03', 'p09'] },
  { name: 'contains, a substring of a string', queries: (Q) => [Q.contains('title', 'Smith')], expected: ['p05', 'p06'] },
  { name: 'contains, any of several substrings', queries: (Q) => [Q.contains('title', ['Walk', 'Ford'])], expected: ['p03', 'p04', 'p10'] },
  { name: 'contains, an array element', queries: (Q) => [Q.contains('tags', 'council')], expected: ['p02', 'p03', 'p09'] },
  { name: 'contains, any of several array elements', queries: (Q) => [Q.contains('tags', ['mayor', 'south'])], expected: ['p01', 'p03', 'p05', 'p06', 'p11'] },
  { name: 'search ignores accents (munoz)', queries: (Q) => [Q.search('title', 'munoz')], expected: ['p01'] },
  { name: 'search ignores apostrophes (obrien)', queries: (Q) => [Q.search('title', 'obrien')], expected: ['p02'] },
  { name: 'search ignores case and accents (SIOBHAN)', queries: (Q) => [Q.search('title', 'SIOBHAN')], expected: ['p02'] },
  { name: 'search matches a prefix of the last word', queries: (Q) => [Q.search('title', 'walk')], expected: ['p03', 'p04'] },
  { name: 'search needs every word', queries: (Q) => [Q.search('title', 'alice walk')], expected: ['p03'] },
  { name: 'search for a whole word also finds longer words', queries: (Q) => [Q.search('title', 'smith')], expected: ['p05', 'p06'] },
  { name: 'several filters all apply', queries: (Q) => [Q.equal('active', false), Q.greaterThan('price', 5)], expected: ['p06', 'p10', 'p12'] },
  { name: 'and', queries: (Q) => [logical(Q, 'and', [Q.greaterThan('count', 10), Q.lessThan('count', 40)])], expected: ['p02', 'p03', 'p04', 'p07'] },
  { name: 'or', queries: (Q) => [logical(Q, 'or', [Q.equal('kind', 'beta'), Q.isNull('kind')])], expected: ['p02', 'p05', 'p06', 'p09', 'p10', 'p12'] },
  {
    name: 'or of an and',
    queries: (Q) => [logical(Q, 'or', [logical(Q, 'and', [Q.equal('active', true), Q.greaterThan('count', 50)]), Q.equal('title', 'Henry Ford')])],
    expected: ['p09', 'p10', 'p11'],
  },
  { name: 'notContains on an array', requires: 'notContains', queries: (Q) => [Q.notContains!('tags', 'council')], expected: except('p02', 'p03', 'p09') },
  { name: 'notSearch', requires: 'notSearch', queries: (Q) => [Q.notSearch!('title', 'walk')], expected: except('p03', 'p04') },
  { name: 'notBetween (nulls do not match)', requires: 'notBetween', queries: (Q) => [Q.notBetween!('count', 20, 40)], expected: ['p01', 'p08', 'p09', 'p10', 'p11', 'p12'] },
  { name: 'notStartsWith', requires: 'notStartsWith', queries: (Q) => [Q.notStartsWith!('title', 'J')], expected: except('p01', 'p12') },
  { name: 'notEndsWith', requires: 'notEndsWith', queries: (Q) => [Q.notEndsWith!('title', 'er')], expected: except('p03', 'p09') },
];

const orderCases: QueryCase[] = [
  { name: 'no order: creation order', queries: () => [], expected: allPeople },
  { name: 'orderAsc on a string', queries: (Q) => [Q.orderAsc('title')], expected: ['p03', 'p04', 'p05', 'p06', 'p07', 'p08', 'p09', 'p10', 'p11', 'p12', 'p01', 'p02'] },
  {
    name: 'orderDesc keeps ties (count 20) in creation order',
    queries: (Q) => [Q.isNotNull('count'), Q.orderDesc('count')],
    expected: ['p12', 'p11', 'p10', 'p09', 'p08', 'p06', 'p04', 'p02', 'p03', 'p07', 'p01'],
  },
  { name: 'orderAsc keeps ties in creation order', queries: (Q) => [Q.equal('count', 20), Q.orderAsc('count')], expected: ['p02', 'p03', 'p07'] },
  {
    name: 'orderDesc then orderAsc',
    queries: (Q) => [Q.orderDesc('active'), Q.orderAsc('title')],
    expected: ['p03', 'p05', 'p07', 'p09', 'p11', 'p01', 'p04', 'p06', 'p08', 'p10', 'p12', 'p02'],
  },
  {
    name: 'orderAsc then orderDesc',
    queries: (Q) => [Q.isNotNull('kind'), Q.orderAsc('kind'), Q.orderDesc('price')],
    expected: ['p04', 'p01', 'p08', 'p06', 'p10', 'p02', 'p11', 'p07', 'p03'],
  },
];

const pageCases: (QueryCase & { total: number })[] = [
  { name: 'limit', queries: (Q) => [Q.limit(3)], expected: ['p01', 'p02', 'p03'], total: 12 },
  { name: 'offset', queries: (Q) => [Q.offset(10)], expected: ['p11', 'p12'], total: 12 },
  { name: 'limit and offset', queries: (Q) => [Q.limit(2), Q.offset(4)], expected: ['p05', 'p06'], total: 12 },
  { name: 'offset past the end', queries: (Q) => [Q.offset(12)], expected: [], total: 12 },
  { name: 'a filter with limit and offset: total counts every match', queries: (Q) => [Q.equal('active', true), Q.limit(2), Q.offset(1)], expected: ['p03', 'p05'], total: 6 },
];

const cursorOrders: { name: string; queries: (Q: QueryBuilder) => string[] }[] = [
  { name: 'creation order', queries: () => [] },
  { name: 'orderAsc on title', queries: (Q) => [Q.orderAsc('title')] },
  { name: 'orderDesc on count with ties', queries: (Q) => [Q.isNotNull('count'), Q.orderDesc('count')] },
  { name: 'orderDesc on active, orderAsc on count', queries: (Q) => [Q.isNotNull('count'), Q.orderDesc('active'), Q.orderAsc('count')] },
];

describeCompat('queries', (context) => {
  beforeAll(() => createPeople(context.databases));

  const list = (queries: string[]) => context.databases.listDocuments('main', 'items', queries);

  for (const { name, queries, expected, requires } of [...filterCases, ...orderCases]) {
    const missing = requires !== undefined && typeof context.sdk.Query[requires] !== 'function';
    it.skipIf(missing)(name, async () => {
      const result = await list(queries(context.sdk.Query));
      expect(idsOf(result.documents)).toEqual(expected);
      expect(result.total).toBe(expected.length);
    });
  }

  for (const { name, queries, expected, total } of pageCases) {
    it(`${name}: total ignores limit and offset`, async () => {
      const result = await list(queries(context.sdk.Query));
      expect(idsOf(result.documents)).toEqual(expected);
      expect(result.total).toBe(total);
    });
  }

  for (const { name, queries } of cursorOrders) {
    it(`cursorAfter and cursorBefore walk the whole list (${name}) like one unpaged read`, async () => {
      const { Query } = context.sdk;
      const whole = await list([...queries(Query), Query.limit(100)]);
      expect(whole.documents.length).toBeGreaterThan(5);

      const forward = await walkForward(context.databases, Query, queries(Query), 4);
      expect(forward.ids).toEqual(idsOf(whole.documents));
      expect(new Set(forward.totals)).toEqual(new Set([whole.total]));

      const backward = await walkBackward(context.databases, Query, queries(Query), 4, forward.ids.at(-1)!);
      expect(backward.ids).toEqual(idsOf(whole.documents));
      expect(new Set(backward.totals)).toEqual(new Set([whole.total]));
    });
  }

  it('select returns only the chosen attributes plus the system fields', async () => {
    const { Query } = context.sdk;
    const result = await list([Query.select(['title', 'count']), Query.limit(2)]);
    expect(result.total).toBe(12);
    expect(result.documents.map((document) => [document.$id, document['title'], document['count']])).toEqual([
      ['p01', 'José Muñoz', 10],
      ['p02', "Siobhán O'Brien", 20],
    ]);
    for (const document of result.documents) {
      expect(attributeKeys(document)).toEqual(['count', 'title']);
      for (const field of SYSTEM_FIELDS) expect(document).toHaveProperty(field);
      expect(document.$collectionId).toBe('items');
    }
  });

  it('select works on getDocument too', async () => {
    const document = await context.databases.getDocument('main', 'items', 'p06', [context.sdk.Query.select(['tags'])]);
    expect(attributeKeys(document)).toEqual(['tags']);
    expect(document.tags).toEqual(people[5].tags);
    expect(document.$id).toBe('p06');
  });

  it.skipIf(!context.sdk.hasTotalOption)('total: false skips the count and reports 0', async () => {
    const result = await context.guest.listWithoutTotal!('main', 'items', [context.sdk.Query.limit(2)]);
    expect(result.total).toBe(0);
    expect(idsOf(result.documents)).toEqual(['p01', 'p02']);
  });
});
