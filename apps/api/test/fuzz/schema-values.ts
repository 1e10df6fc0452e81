/**
 * Valid and boundary values for one declared parameter, read from its own zod schema (through
 * the JSON Schema zod writes for it: type, lengths, pattern, enum, range, items) — so a route
 * added later gets values with no test code. What JSON Schema cannot say (an id's syntax, an
 * e-mail, a provider name) comes from probes: sample values kept for a parameter only if its
 * schema accepts them.
 */
import fc from 'fast-check';
import { z } from 'zod';
import type { ParamDefinition } from '../../src/core/params.ts';
import { WorldRef } from './fuzz-values.ts';

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  maxItems?: number;
}

export interface ValueHints {
  /** Parameter names the world knows real values for (`documentId`, `fileId`, `teamId`…). */
  worldNames: ReadonlySet<string>;
  /** Sample values of every kind; each parameter keeps those its schema accepts. */
  probes: readonly unknown[];
  /** Values for object parameters by name (document `data`, `prefs`); `*` for any other object. */
  objects: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  /** Elements for array parameters by name (`queries`); others use the probes their schema accepts. */
  arrayItems: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  /** Keys objects are made of (the schema's attribute keys), to put a wrong value under. */
  objectKeys: readonly string[];
}

function jsonSchemaOf(definition: ParamDefinition): JsonSchema {
  return z.toJSONSchema(definition.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The non-null alternative of a nullable schema, and whether null is allowed. */
function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const options = schema.anyOf;
  if (!options) return { schema, nullable: false };
  const inner = options.find((option) => option.type !== 'null');
  return { schema: inner ?? {}, nullable: options.some((option) => option.type === 'null') };
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type[0] : schema.type;
}

/** The JSON type the parameter takes (`string`, `object`, `array`…), null aside. */
export function kindOf(definition: ParamDefinition): string | undefined {
  return typeOf(unwrapNullable(jsonSchemaOf(definition)).schema);
}

/** Short values the JSON Schema allows; patterns and enums are followed. */
function fromJsonSchema(schema: JsonSchema, item: fc.Arbitrary<unknown> | undefined, object: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (typeOf(schema)) {
    case 'string': {
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const minLength = schema.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 24, 24)) });
    }
    case 'integer': {
      const min = schema.minimum ?? -1_000;
      const max = schema.maximum ?? 1_000;
      // Mostly small (a 4000×4000 preview costs a second), now and then anywhere in the range; the limits themselves are boundary values.
      return fc.oneof({ weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, min + 100) }) }, { weight: 1, arbitrary: fc.integer({ min, max }) });
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(item ?? fromJsonSchema(schema.items ?? {}, undefined, object), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
      return object;
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Probes the parameter's schema accepts as its value, and as the element of an array value. */
function acceptedProbes(definition: ParamDefinition, probes: readonly unknown[]): { values: unknown[]; elements: unknown[] } {
  const accepts = (value: unknown) => definition.schema.safeParse(value).success;
  return { values: probes.filter(accepts), elements: probes.filter((probe) => accepts([probe])) };
}

/** Values the parameter should accept: the world's real ones for its name, accepted probes, and schema-shaped ones. */
export function validValue(name: string, definition: ParamDefinition, hints: ValueHints): fc.Arbitrary<unknown> {
  const { schema, nullable } = unwrapNullable(jsonSchemaOf(definition));
  const probes = acceptedProbes(definition, hints.probes);
  const elements = hints.arrayItems[name] ?? (probes.elements.length ? fc.constantFrom(...probes.elements) : undefined);
  const object = hints.objects[name] ?? hints.objects['*'] ?? fc.constant({});
  const choices: fc.WeightedArbitrary<unknown>[] = [{ weight: 2, arbitrary: fromJsonSchema(schema, elements, object) }];
  // A real resource is what most requests should name: the rest of the handler only runs for it.
  if (hints.worldNames.has(name)) choices.push({ weight: 16, arbitrary: fc.nat(9).map((index) => new WorldRef(name, index)) });
  if (probes.values.length) choices.push({ weight: 3, arbitrary: fc.constantFrom(...probes.values) });
  if (nullable) choices.push({ weight: 1, arbitrary: fc.constant(null) });
  return fc.oneof(...choices);
}

function repeated(count: number, item: fc.Arbitrary<unknown>): fc.Arbitrary<unknown[]> {
  return fc.array(item, { minLength: count, maxLength: count });
}

/** Values at and just past the schema's limits: empty, shortest, longest, one more; smallest, largest, one beyond; fullest array, one more element. */
export function boundaryValue(name: string, definition: ParamDefinition, hints: ValueHints): fc.Arbitrary<unknown> {
  const { schema, nullable } = unwrapNullable(jsonSchemaOf(definition));
  const extra: unknown[] = nullable ? [null] : [];
  switch (typeOf(schema)) {
    case 'string': {
      const min = schema.minLength ?? 0;
      // No declared length: ids stop at 36 characters, most strings at 4096.
      const lengths = schema.maxLength === undefined ? [36, 37, 4_096, 4_097] : [schema.maxLength, schema.maxLength + 1];
      return fc.constantFrom(...extra, '', ...(min > 0 ? [min - 1, min] : []).map((n) => 'a'.repeat(n)), ...lengths.map((n) => 'a'.repeat(n)));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -(2 ** 31);
      const max = schema.maximum ?? 2 ** 31;
      const step = typeOf(schema) === 'integer' ? 1 : 1e-9;
      return fc.constantFrom(...extra, min, max, min - step, max + step, 0, -1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0.5);
    }
    case 'array': {
      const max = schema.maxItems ?? 100;
      const item = validValue(name, definition, hints).chain((value) => (Array.isArray(value) && value.length ? fc.constantFrom(...value) : fc.constant('a')));
      return fc.oneof(fc.constantFrom(...extra, []), repeated(max, item), repeated(max + 1, item));
    }
    case 'object':
      // Preferences stop at 64 KiB of JSON: `{"k":"…"}` is 8 bytes around the text.
      return fc.constantFrom(...extra, {}, { k: 'x'.repeat(65_536 - 8) }, { k: 'x'.repeat(65_536 - 7) }, Object.fromEntries(Array.from({ length: 1_000 }, (_, n) => [`k${n}`, n])));
    default:
      return fc.constantFrom(...extra, true, false);
  }
}
