import { GraphQLBoolean, GraphQLFloat, GraphQLInt, GraphQLScalarType, GraphQLString, Kind, valueFromASTUntyped, type ConstValueNode } from 'graphql';
import type { z } from 'zod';
import { valueKind } from '../http/coerce.ts';

/** Appwrite's `Json`: any JSON value, passed through as it is (document data, free-form fields). */
export const JsonScalar = new GraphQLScalarType({
  name: 'Json',
  description: 'The `Json` scalar type represents JSON values as specified by ECMA-404.',
  coerceOutputValue: (value) => value,
  coerceInputValue: (value) => value,
  coerceInputLiteral: (node: ConstValueNode) => valueFromASTUntyped(node),
});

function parseAssocText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Left as text, so the route's own validation refuses it with its message.
    return text;
  }
}

/** Appwrite's `Assoc`: a key-value object (preferences); also accepted as a JSON-encoded string. */
export const AssocScalar = new GraphQLScalarType({
  name: 'Assoc',
  description: 'The `Assoc` scalar type represents associative array values.',
  coerceOutputValue: (value) => (typeof value === 'string' ? value : JSON.stringify(value)),
  coerceInputValue: (value) => (typeof value === 'string' ? parseAssocText(value) : value),
  coerceInputLiteral: (node: ConstValueNode) => (node.kind === Kind.STRING ? parseAssocText(node.value) : valueFromASTUntyped(node)),
});

/** The scalar for a param's or a model field's JSON type; anything else (objects, unions) is `Json`. */
export function scalarOf(schema: z.ZodType): GraphQLScalarType {
  switch (valueKind(schema)) {
    case 'string':
      return GraphQLString;
    case 'integer':
      return GraphQLInt;
    case 'number':
      return GraphQLFloat;
    case 'boolean':
      return GraphQLBoolean;
    default:
      return JsonScalar;
  }
}
