import { GraphQLList, GraphQLNonNull, type GraphQLInputType, type GraphQLNullableInputType } from 'graphql';
import type { z } from 'zod';
import type { ParamDefinition } from '../core/params.ts';
import { AssocScalar, scalarOf } from './scalars.ts';
import { definitionOf, unwrapSchema } from './zod-shape.ts';

/**
 * A free-form object param that bounds itself (a refinement on its size, as preferences have) is
 * Appwrite's Assoc validator, which GraphQL types as `Assoc`; any other free-form value is `Json`.
 */
function isAssoc(schema: z.ZodType): boolean {
  const definition = schema.def as unknown as { type: string; checks?: readonly unknown[] };
  return definition.type === 'record' && (definition.checks?.length ?? 0) > 0;
}

function inputTypeOf(schema: z.ZodType): GraphQLNullableInputType {
  const inner = unwrapSchema(schema);
  const definition = definitionOf(inner);
  // List items stay nullable, so a client's `[String!]` variable fits; the route's own validation refuses a null item.
  if (definition.type === 'array' && definition.element) return new GraphQLList(inputTypeOf(definition.element));
  if (isAssoc(inner)) return AssocScalar;
  return scalarOf(inner);
}

/** A route param as a GraphQL argument type: required params are non-null, except those that accept null (permissions). */
export function argumentType(definition: ParamDefinition): GraphQLInputType {
  const type = inputTypeOf(definition.schema);
  const acceptsNull = definition.schema.safeParse(null).success;
  return definition.required && !acceptsNull ? new GraphQLNonNull(type) : type;
}
