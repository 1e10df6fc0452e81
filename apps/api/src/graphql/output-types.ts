import {
  GraphQLList, GraphQLObjectType, GraphQLString,
  type GraphQLFieldConfigMap, type GraphQLOutputType,
} from 'graphql';
import type { z } from 'zod';
import { JsonScalar, scalarOf } from './scalars.ts';
import { definitionOf, unwrapSchema } from './zod-shape.ts';
import { graphqlName } from './wire-names.ts';

/** Appwrite's `data` field: the object's own free-form keys (not the `_`-renamed system fields) as a JSON string. */
function freeFormData(source: unknown): string {
  const entries = Object.entries((source ?? {}) as Record<string, unknown>).filter(([key]) => !key.startsWith('_'));
  return JSON.stringify(Object.fromEntries(entries));
}

const statusField = { type: GraphQLString, description: 'Status', resolve: () => 'OK' };

const dataField = { type: GraphQLString, description: 'The free-form attributes, as a JSON-encoded object.', resolve: freeFormData };

/** Appwrite's `None`: what routes answering without a JSON body (204, bytes, redirects) resolve to. */
export const NoneType = new GraphQLObjectType({
  name: 'None',
  fields: { status: statusField },
});

/**
 * Turns the wire models (core/models.ts) into GraphQL object types, once: a schema that is a
 * registered model keeps the model's name wherever it appears; other nested objects are named
 * after where they sit. Free-form records become Appwrite's `data` field when they are a model,
 * the `Json` scalar otherwise.
 */
export class OutputTypes {
  private readonly modelNames = new Map<z.ZodType, string>();
  private readonly built = new Map<z.ZodType, GraphQLOutputType>();
  private readonly usedNames = new Set<string>(['None', 'Query', 'Mutation', 'Json', 'Assoc']);

  private readonly models: Readonly<Record<string, z.ZodType>>;

  constructor(models: Readonly<Record<string, z.ZodType>>) {
    this.models = models;
    for (const [name, schema] of Object.entries(models)) {
      if (!this.modelNames.has(schema)) this.modelNames.set(schema, name);
    }
  }

  /** A route's response model; one missing from core/models.ts (described nowhere) is served as plain `Json`. */
  model(name: string): GraphQLOutputType {
    const schema = this.models[name];
    return schema ? this.typeOf(schema, name) : JsonScalar;
  }

  private typeOf(schema: z.ZodType, suggestedName: string): GraphQLOutputType {
    const known = this.built.get(schema);
    if (known) return known;
    const inner = unwrapSchema(schema);
    const definition = definitionOf(inner);
    if (definition.type === 'array' && definition.element) return new GraphQLList(this.typeOf(definition.element, suggestedName));
    const modelName = this.modelNames.get(schema) ?? this.modelNames.get(inner);
    const name = modelName ?? suggestedName;
    let type: GraphQLOutputType;
    if (definition.type === 'object' && definition.shape) {
      const freeForm = definition.catchall !== undefined && definitionOf(definition.catchall).type === 'unknown';
      type = this.objectType(inner, this.uniqueName(name), definition.shape, freeForm);
    } else if (definition.type === 'record' && modelName) {
      type = new GraphQLObjectType({ name: this.uniqueName(name), fields: { data: dataField } });
    } else {
      type = scalarOf(inner);
    }
    this.built.set(schema, type);
    this.built.set(inner, type);
    return type;
  }

  private objectType(schema: z.ZodType, name: string, shape: Record<string, z.ZodType>, freeForm: boolean): GraphQLObjectType {
    return new GraphQLObjectType({
      name,
      description: schema.description,
      fields: () => {
        const fields: GraphQLFieldConfigMap<unknown, unknown> = freeForm ? { data: dataField } : {};
        for (const [key, field] of Object.entries(shape)) {
          fields[graphqlName(key)] = { type: this.typeOf(field, nestedName(name, key, field)), description: field.description };
        }
        if (Object.keys(fields).length === 0) fields['status'] = statusField;
        return fields;
      },
    });
  }

  private uniqueName(name: string): string {
    let candidate = graphqlName(name);
    for (let counter = 2; this.usedNames.has(candidate); counter++) candidate = `${graphqlName(name)}${counter}`;
    this.usedNames.add(candidate);
    return candidate;
  }
}

/** `LogList.logs` → `Log` (the list's item), otherwise the parent and the field: `ExecutionHeaders`. */
function nestedName(parent: string, key: string, field: z.ZodType): string {
  const isList = definitionOf(unwrapSchema(field)).type === 'array';
  if (isList && parent.endsWith('List')) return parent.slice(0, -'List'.length);
  const pascal = graphqlName(key).replace(/^_+/, '');
  return `${parent}${pascal.charAt(0).toUpperCase()}${pascal.slice(1)}`;
}

