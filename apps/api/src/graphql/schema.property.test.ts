import fc from 'fast-check';
import { getNamedType, GraphQLNonNull, isListType, isNonNullType, type GraphQLField } from 'graphql';
import { describe, expect, it } from 'vitest';
import { models } from '../core/models.ts';
import { routes } from '../core/registry.ts';
import { buildGraphqlSchema, graphqlExclusion } from './schema.ts';
import { escapeKeys, operationName } from './wire-names.ts';

const schema = buildGraphqlSchema(routes, models);

/** The routes Appwrite's GraphQL leaves out (OAuth2 session redirects) and the uploads this server does not take as GraphQL multipart. */
const LEFT_OUT = ['account.createOAuth2Session', 'account.oauth2Callback', 'account.oauth2CallbackPost', 'account.oauth2Redirect', 'storage.createFile'];

function fieldOf(routeId: string, method: string): GraphQLField<unknown, unknown> | undefined {
  const root = method === 'GET' ? schema.getQueryType() : schema.getMutationType();
  return root?.getFields()[operationName(routeId)];
}

describe('the GraphQL schema generated from the route registry', () => {
  it('leaves out exactly the listed routes', () => {
    expect(routes.filter((route) => graphqlExclusion(route)).map((route) => route.id).sort()).toEqual([...LEFT_OUT].sort());
  });

  it.each(routes.filter((route) => !LEFT_OUT.includes(route.id)).map((route) => [route.id, route] as const))('%s has its field, with the REST params as arguments', (_id, route) => {
    const field = fieldOf(route.id, route.method);
    expect(field, `${operationName(route.id)} on ${route.method === 'GET' ? 'Query' : 'Mutation'}`).toBeDefined();
    const expected = Object.entries(route.params)
      .filter(([, definition]) => !definition.header)
      .map(([name, definition]) => ({ name, required: definition.required && !definition.schema.safeParse(null).success }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const actual = field!.args.map((arg) => ({ name: arg.name, required: isNonNullType(arg.type) })).sort((a, b) => a.name.localeCompare(b.name));
    expect(actual).toEqual(expected);
  });

  it('types list params as lists and document data as Json, preferences as Assoc (as Appwrite does)', () => {
    const create = fieldOf('databases.createDocument', 'POST')!;
    const argument = (field: GraphQLField<unknown, unknown>, name: string) => field.args.find((arg) => arg.name === name)!.type;
    expect(String(argument(create, 'data'))).toBe('Json!');
    expect(isListType(argument(create, 'permissions'))).toBe(true);
    expect(String(argument(fieldOf('databases.listDocuments', 'GET')!, 'queries'))).toBe('[String]');
    expect(String(argument(fieldOf('account.updatePrefs', 'PATCH')!, 'prefs'))).toBe('Assoc!');
    expect(argument(create, 'documentId')).toBeInstanceOf(GraphQLNonNull);
  });

  it('names output fields as Appwrite does: `$id` → `_id`, free-form attributes in `data`, preferences as `Preferences { data }`', () => {
    const document = getNamedType(fieldOf('databases.getDocument', 'GET')!.type);
    expect(document.name).toBe('Document');
    expect(Object.keys((document as never as { getFields(): object }).getFields())).toEqual(expect.arrayContaining(['_id', '_collectionId', '_databaseId', '_createdAt', '_updatedAt', '_permissions', 'data']));
    const account = getNamedType(fieldOf('account.get', 'GET')!.type) as never as { getFields(): Record<string, GraphQLField<unknown, unknown>> };
    expect(String(account.getFields()['prefs']!.type)).toBe('Preferences');
    expect(getNamedType(fieldOf('databases.deleteDocument', 'DELETE')!.type).name).toBe('None');
  });
});

describe('escapeKeys', () => {
  const hasDollarKey = (value: unknown): boolean =>
    Array.isArray(value) ? value.some(hasDollarKey) : value !== null && typeof value === 'object' && Object.entries(value).some(([key, item]) => key.startsWith('$') || hasDollarKey(item));

  it('leaves no `$` key at any depth', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      expect(hasDollarKey(escapeKeys(value))).toBe(false);
    }));
  });

  it('changes nothing else: a value without `$` keys comes back equal', () => {
    fc.assert(fc.property(fc.jsonValue().filter((value) => !hasDollarKey(value)), (value) => {
      expect(escapeKeys(value)).toEqual(value);
    }));
  });

  it('keeps a key named __proto__ as a key (fast-check seed 330111432 found it set the prototype instead)', () => {
    const value = JSON.parse('{"__proto__": [], "$id": "a"}') as Record<string, unknown>;
    const escaped = escapeKeys(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(escaped)).toBe(Object.prototype);
    expect(Object.hasOwn(escaped, '__proto__')).toBe(true);
    expect(escaped).toEqual(JSON.parse('{"__proto__": [], "_id": "a"}'));
  });

  it('renames a system field wherever it sits', () => {
    expect(escapeKeys({ total: 1, documents: [{ $id: 'a', $permissions: ['read("any")'], nested: { $ref: 1 } }] })).toEqual({ total: 1, documents: [{ _id: 'a', _permissions: ['read("any")'], nested: { _ref: 1 } }] });
  });
});
