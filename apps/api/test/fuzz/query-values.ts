/**
 * `queries[]` values: well-formed Appwrite queries over the attributes the schema declares (so
 * lists, filters, orders and cursors really run), and malformed ones — broken JSON, unknown
 * methods, wrong arities and value types, nesting past the limit, huge arrays, too long.
 */
import fc from 'fast-check';
import { MAX_QUERIES, MAX_QUERY_LENGTH, MAX_QUERY_VALUES } from '@ballot-atlas/shared/appwrite/query';
import { FromWorld, WorldRef } from './fuzz-values.ts';
import { hostileString } from './hostile-values.ts';

const FILTERS = ['equal', 'notEqual', 'lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual', 'between', 'notBetween', 'isNull', 'isNotNull', 'startsWith', 'notStartsWith', 'endsWith', 'notEndsWith', 'contains', 'notContains', 'search', 'notSearch'];
const OTHER_METHODS = ['and', 'or', 'select', 'orderAsc', 'orderDesc', 'limit', 'offset', 'cursorAfter', 'cursorBefore'];
const UNKNOWN_METHODS = ['drop', 'Equal', '', 'orderRandom', 'toString', '__proto__', 'constructor', 'equal ', 'eval'];
const SYSTEM_ATTRIBUTES = ['$id', '$createdAt', '$updatedAt', '$sequence', '$permissions', '$collectionId'];

const scalar = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -5, max: 2_000 }), fc.boolean(), fc.constant(null), fc.constantFrom('2026-01-01T00:00:00.000+00:00', 'alpha', 'fuzz'));

function query(method: string, attribute: string | undefined, values: unknown[]): string {
  return JSON.stringify({ method, ...(attribute === undefined ? {} : { attribute }), values });
}

/** Queries the server should accept for some collection (the attribute may belong to another one). */
export function validQuery(attributes: readonly string[]): fc.Arbitrary<unknown> {
  const attribute = fc.constantFrom(...attributes, ...SYSTEM_ATTRIBUTES.slice(0, 3));
  const filter = fc.tuple(fc.constantFrom(...FILTERS), attribute, fc.array(scalar, { minLength: 1, maxLength: 3 })).map(([method, name, values]) => {
    const arity = method.endsWith('Null') ? 0 : method.includes('etween') ? 2 : ['equal', 'contains', 'notContains'].includes(method) ? values.length : 1;
    return query(method, name, [...values, ...values].slice(0, arity));
  });
  return fc.oneof(
    { weight: 4, arbitrary: filter },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 100 }).map((n) => query('limit', undefined, [n])) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 50 }).map((n) => query('offset', undefined, [n])) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('orderAsc', 'orderDesc'), attribute).map(([method, name]) => query(method, name, [])) },
    // The cursor names a real document: sent as a world reference, turned into its id at send time.
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('cursorAfter', 'cursorBefore'), fc.nat(9)).map(([method, index]) => new FromWorld([new WorldRef('documentId', index)], ([id]) => query(method, undefined, [id]), `${method}(documentId#${index})`)) },
    { weight: 1, arbitrary: fc.array(attribute, { minLength: 1, maxLength: 3 }).map((names) => query('select', undefined, names)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('and', 'or'), filter, filter).map(([method, a, b]) => query(method, undefined, [JSON.parse(a), JSON.parse(b)])) },
  );
}

function nested(depth: number): unknown {
  const leaf = { method: 'equal', attribute: '$id', values: ['x'] };
  let inner: unknown = leaf;
  for (let level = 0; level < depth; level++) inner = { method: 'or', values: [inner, leaf] };
  return inner;
}

/** One malformed query string. */
const malformedQuery: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('{', '{"method":', '[]', 'null', '"equal"', '42', '{}', '{"method":null}', '{"method":{"toString":1}}', '{"method":["equal"]}', '{"method":"equal","attribute":1,"values":["x"]}', '{"method":"limit","values":[1e309]}', '{"method":"limit","values":[-1]}', '{"method":"limit","values":["10"]}', '{"method":"offset","values":[99999999999]}', '{"method":"cursorAfter","values":["no-such-document"]}', '{"method":"cursorAfter","values":[{}]}', '{"method":"select","values":["*","a.b.c",""]}', '{"method":"equal","attribute":"tags","values":[{"a":1}]}', '{"method":"between","attribute":"count","values":[1]}', '{"method":"search","attribute":"title","values":["\\"*()+-<>~@"]}', '{"method":"equal","attribute":"$id","values":["a\\u0000b"]}', '{"method":"equal","attribute":"\\ud800","values":["x"]}', '{"__proto__":{"method":"limit"},"method":"limit","values":[1]}') },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...FILTERS, ...OTHER_METHODS, ...UNKNOWN_METHODS), fc.oneof(hostileString, fc.constantFrom(...SYSTEM_ATTRIBUTES)), fc.array(fc.oneof(scalar, hostileString, fc.constant({}), fc.constant([])), { maxLength: 3 })).map(([method, attribute, values]) => query(method, attribute, values)) },
  { weight: 1, arbitrary: fc.constantFrom(JSON.stringify(nested(4)), JSON.stringify(nested(30)), JSON.stringify(nested(60)), query('equal', '$id', Array.from({ length: MAX_QUERY_VALUES + 1 }, (_, n) => n)), query('equal', 'title', ['x'.repeat(MAX_QUERY_LENGTH)])) },
);

/** A whole malformed `queries` array: broken members, too many of them, duplicates of the one-per-request methods. */
export const malformedQueries: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.array(malformedQuery, { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: MAX_QUERIES + 1 }, () => query('limit', undefined, [1]))) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 5_000 }, () => '{')) },
  { weight: 1, arbitrary: fc.constant([query('limit', undefined, [1]), query('limit', undefined, [2]), query('cursorAfter', undefined, ['a']), query('cursorBefore', undefined, ['b'])]) },
  { weight: 1, arbitrary: fc.constant(['']) },
);
