import type { z } from 'zod';

/** The parts of a zod schema's definition the GraphQL mapping reads. */
interface Definition {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
}

export function definitionOf(schema: z.ZodType): Definition {
  return schema.def as unknown as Definition;
}

const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema under optional/nullable/default wrappers, and the input side of a transform. */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const definition = definitionOf(current);
    if (wrappers.has(definition.type) && definition.innerType) current = definition.innerType;
    else if (definition.type === 'pipe' && definition.in) current = definition.in;
    else if (definition.type === 'lazy' && definition.getter) current = definition.getter();
    else return current;
  }
}
