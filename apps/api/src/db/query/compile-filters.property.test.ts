// The filter compiler never writes a value from a query into SQL text: every user-supplied string,
// number and date reaches the database only as a bound parameter, on both dialects. Values carry a
// unique marker so "appears in the SQL" cannot be confused with words the SQL contains anyway.
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseQueries, QueryError } from '@ballot-atlas/shared/appwrite/query';
import { normalizeDate } from '../../core/dates.ts';
import { loadProjectSchema } from '../../schema/project-schema.ts';
import type { SqlDialect } from '../dialect.ts';
import { openPostgres } from '../dialects/postgres.ts';
import { openSqlite } from '../dialects/sqlite.ts';
import { collectionTables } from '../physical-names.ts';
import { compileFilters, type FilterContext } from './compile-filters.ts';

const schema = loadProjectSchema(fileURLToPath(new URL('../../../test/fixtures/test-schema.json', import.meta.url)));
const items = schema.collections.find((collection) => collection.$id === 'items')!;

// Compiling needs a dialect's Kysely instance but no connection: the PostgreSQL pool never connects.
const dialects: SqlDialect[] = [openSqlite(':memory:'), openPostgres('postgres://nobody@127.0.0.1:9/none', 'public')];
afterAll(async () => {
  for (const dialect of dialects) await dialect.close();
});

type ValueType = 'string' | 'integer' | 'double' | 'boolean' | 'datetime';
const attributeTypes: Record<string, ValueType> = {
  ...Object.fromEntries(items.attributes.map((attribute) => [attribute.key, attribute.type])),
  $id: 'string',
  $sequence: 'integer',
  $createdAt: 'datetime',
  $updatedAt: 'datetime',
};
const methodArity = {
  equal: 'many', notEqual: 'one', lessThan: 'one', lessThanEqual: 'one', greaterThan: 'one', greaterThanEqual: 'one',
  between: 'two', notBetween: 'two', isNull: 'none', isNotNull: 'none', startsWith: 'one', notStartsWith: 'one',
  endsWith: 'one', notEndsWith: 'one', contains: 'many', notContains: 'many', search: 'one', notSearch: 'one',
} as const;

/** A value slot before markers are assigned. */
type Slot = { text: string } | { date: string } | { number: number } | { boolean: boolean } | { null: true };

const hostileText = fc
  .array(
    fc.oneof(
      fc.constantFrom("'", '"', ';', '--', '/*', '*/', '\\', '`', '$1', '?', ':name', '%', '_', "' OR 1=1 --", '"; drop table main_items; --', "')) or (('", 'é', '😀', '北京', '\u200f', ' '),
      fc.string({ maxLength: 6 }),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

// Numbers long enough never to occur in SQL text by chance (placeholders, `1 = 1`, substr positions).
const distinctiveInteger = fc.integer({ min: 10_000_000, max: 2_000_000_000 });
const distinctiveDouble = fc.integer({ min: 100_000, max: 999_999 }).map((whole) => whole + 0.25);
const isoDate = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }).map((date) => date.toISOString());

function typedSlot(type: ValueType): fc.Arbitrary<Slot> {
  switch (type) {
    case 'string':
      return hostileText.map((text) => ({ text }));
    case 'integer':
      return distinctiveInteger.map((number) => ({ number }));
    case 'double':
      return fc.oneof(distinctiveDouble, distinctiveInteger).map((number) => ({ number }));
    case 'boolean':
      return fc.boolean().map((boolean) => ({ boolean }));
    case 'datetime':
      return isoDate.map((date) => ({ date }));
  }
}

// Dates go only to datetime attributes (below), where they compile to their normalised form.
const anySlot: fc.Arbitrary<Slot> = fc.oneof(typedSlot('string'), typedSlot('integer'), typedSlot('double'), typedSlot('boolean'), fc.constant({ null: true as const }));

interface FilterNode {
  method: string;
  attribute: string;
  values: Slot[];
}
interface LogicalNode {
  method: 'and' | 'or';
  queries: Node[];
}
type Node = FilterNode | LogicalNode;

type Method = keyof typeof methodArity;
const comparisons: Method[] = ['equal', 'notEqual', 'lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual', 'between', 'notBetween', 'isNull', 'isNotNull'];
const textMethods: Method[] = ['startsWith', 'notStartsWith', 'endsWith', 'notEndsWith', 'contains', 'notContains'];

/** The methods the compiler accepts for an attribute, so that most generated filters compile. */
function methodsFor(attribute: string): Method[] {
  const definition = items.attributes.find((candidate) => candidate.key === attribute);
  if (definition?.array) return ['contains', 'notContains', 'isNull', 'isNotNull'];
  switch (attributeTypes[attribute]) {
    case 'string':
      return [...comparisons, ...textMethods, ...(attribute === 'title' ? (['search', 'notSearch'] as Method[]) : [])];
    case 'boolean':
      return ['equal', 'notEqual', 'isNull', 'isNotNull'];
    default:
      return comparisons;
  }
}

/** A filter whose method and values mostly fit its attribute, sometimes not. */
const filterNode: fc.Arbitrary<FilterNode> = fc.constantFrom(...Object.keys(attributeTypes)).chain((attribute) => {
  const method = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...methodsFor(attribute)) }, fc.constantFrom(...(Object.keys(methodArity) as Method[])));
  const slot = fc.oneof({ weight: 9, arbitrary: typedSlot(attributeTypes[attribute]!) }, anySlot);
  return fc.tuple(method, fc.array(slot, { minLength: 4, maxLength: 4 }), fc.integer({ min: 1, max: 4 })).map(([chosen, values, many]) => {
    const arity = methodArity[chosen];
    const count = arity === 'none' ? 0 : arity === 'one' ? 1 : arity === 'two' ? 2 : many;
    return { method: chosen, attribute, values: values.slice(0, count) };
  });
});

const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'filters' },
    { weight: 3, arbitrary: filterNode },
    fc.record({ method: fc.constantFrom('and' as const, 'or' as const), queries: fc.array(tie('node'), { minLength: 2, maxLength: 3 }) }),
  ),
}));

interface Expectations {
  /** Unique markers, one per text value; each must reach the parameters and never the SQL. */
  markers: string[];
  numbers: number[];
  dates: string[];
}

/** The wire query for a node, with every text value prefixed by a fresh marker. */
function toWire(current: Node, expectations: Expectations): object {
  if ('queries' in current) return { method: current.method, values: current.queries.map((nested) => toWire(nested, expectations)) };
  const values = current.values.map((slot) => {
    if ('text' in slot) {
      const marker = `mkq${expectations.markers.length}z`;
      expectations.markers.push(marker);
      return marker + slot.text;
    }
    if ('number' in slot) {
      expectations.numbers.push(slot.number);
      return slot.number;
    }
    if ('date' in slot) {
      expectations.dates.push(normalizeDate(slot.date) ?? slot.date);
      return slot.date;
    }
    return 'boolean' in slot ? slot.boolean : null;
  });
  return { method: current.method, attribute: current.attribute, values };
}

function placeholderCount(dialect: SqlDialect, text: string): number {
  if (dialect.name === 'sqlite') return (text.match(/\?/g) ?? []).length;
  return Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
}

describe.each(dialects.map((dialect) => [dialect.name, dialect] as const))('compileFilters on %s', (_name, dialect) => {
  const context: FilterContext = { collection: items, dialect, tables: collectionTables(items) };

  it('puts every user value in the parameters and none in the SQL text', () => {
    let compiled = 0;
    fc.assert(
      fc.property(fc.array(node, { minLength: 1, maxLength: 3 }), (nodes) => {
        const expectations: Expectations = { markers: [], numbers: [], dates: [] };
        const texts = nodes.map((current) => JSON.stringify(toWire(current, expectations)));
        let query: { sql: string; parameters: readonly unknown[] };
        try {
          query = compileFilters(context, parseQueries(texts).filters).compile(dialect.db);
        } catch (error) {
          if (error instanceof QueryError) return;
          throw error;
        }
        compiled += 1;
        const parameters = query.parameters.map((parameter) => String(parameter));
        expect(placeholderCount(dialect, query.sql)).toBe(query.parameters.length);
        for (const marker of expectations.markers) {
          expect(query.sql).not.toContain(marker);
          expect(parameters.some((parameter) => parameter.includes(marker)), marker).toBe(true);
        }
        for (const number of expectations.numbers) {
          expect(query.sql).not.toContain(String(number));
          expect(parameters.some((parameter) => parameter.includes(String(number))), String(number)).toBe(true);
        }
        for (const date of expectations.dates) {
          expect(query.sql).not.toContain(date);
          expect(parameters).toContain(date);
        }
        for (const fragment of ["' OR 1=1", 'drop table', "')) or (('", '"; '].filter((text) => texts.some((wire) => wire.includes(text)))) {
          expect(query.sql).not.toContain(fragment);
        }
      }),
      { numRuns: 400 },
    );
    // Most generated filters are valid: the property must be checked on many compiled queries.
    expect(compiled).toBeGreaterThan(200);
  });
});
