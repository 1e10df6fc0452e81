/**
 * Object values: document data shaped by a collection of the project schema (every attribute
 * type, format, size and range it declares, required ones always present), and free-form
 * preferences.
 */
import fc from 'fast-check';
import type { CollectionDefinition } from '../../src/schema/project-schema.ts';
import { FromWorld, WorldRef } from './fuzz-values.ts';

type Attribute = CollectionDefinition['attributes'][number];

function attributeValue(attribute: Attribute): fc.Arbitrary<unknown> {
  switch (attribute.type) {
    case 'string':
      if (attribute.format === 'enum' && attribute.elements?.length) return fc.constantFrom(...attribute.elements);
      if (attribute.format === 'email') return fc.emailAddress().filter((email) => email.length <= attribute.size);
      if (attribute.format === 'url') return fc.webUrl({ validSchemes: ['http', 'https'] }).filter((url) => url.length <= attribute.size);
      if (attribute.format === 'ip') return fc.oneof(fc.ipV4(), fc.ipV6());
      return fc.string({ maxLength: Math.min(attribute.size, 24) });
    case 'integer':
      return fc.integer({ min: attribute.min ?? -1_000_000, max: attribute.max ?? 1_000_000 });
    case 'double':
      return fc.double({ min: attribute.min ?? -1e6, max: attribute.max ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'datetime':
      return fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
  }
}

function documentOf(collection: CollectionDefinition): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(collection.attributes.map((attribute) => [attribute.key, attribute.array ? fc.array(attributeValue(attribute), { maxLength: 3 }) : attributeValue(attribute)]));
  const requiredKeys = collection.attributes.filter((attribute) => attribute.required).map((attribute) => attribute.key);
  return fc.record(fields, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

/**
 * Data valid for the collection the request names: one document is generated per collection, and
 * the one for the world's `collectionId` (the same reference the request's path uses, once aligned)
 * is picked when the request is sent.
 */
export function documentData(collections: readonly CollectionDefinition[]): fc.Arbitrary<unknown> {
  const byCollection = fc.record(Object.fromEntries(collections.map((collection) => [collection.$id, documentOf(collection)])));
  return fc.tuple(fc.nat(9), byCollection).map(([index, documents]) => new FromWorld([new WorldRef('collectionId', index)], ([collectionId]) => documents[collectionId!] ?? {}, `document data for collectionId#${index}`));
}

export const preferences: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
