// GraphQL through the official web SDKs' Graphql service (17.0.2 and 28): a schema generated from
// the route registry, each field running its route's REST pipeline. Shapes follow Appwrite
// (app/controllers/api/graphql.php, src/Appwrite/GraphQL, tests/e2e/Services/GraphQL).
import * as appwrite17 from 'appwrite17';
import * as appwrite28 from 'appwrite28';
import { expect, it } from 'vitest';
import { TEST_API_KEY, TEST_PROJECT } from '../support/test-server.ts';
import { captureSession } from './support/accounts.ts';
import { describeCompat, type CompatContext } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';

interface Operation {
  query: string;
  variables?: Record<string, unknown>;
}

interface GraphqlResult {
  data?: Record<string, any>;
  errors?: { message: string; path?: (string | number)[] }[];
}

/** The SDK's Graphql service, as a guest or with a session; v28 takes its operation wrapped in `{ query }`. */
function graphqlOf(context: CompatContext, session?: string) {
  if (context.sdk.version === '17.0.2') {
    const client = new appwrite17.Client().setEndpoint(context.endpoint).setProject(TEST_PROJECT);
    if (session) client.setSession(session);
    const graphql = new appwrite17.Graphql(client);
    return {
      query: (operation: Operation | Operation[]) => graphql.query(operation) as Promise<any>,
      mutation: (operation: Operation | Operation[]) => graphql.mutation(operation) as Promise<any>,
    };
  }
  const client = new appwrite28.Client().setEndpoint(context.endpoint).setProject(TEST_PROJECT);
  if (session) client.setSession(session);
  const graphql = new appwrite28.Graphql(client);
  return {
    query: (operation: Operation | Operation[]) => graphql.query({ query: operation }) as Promise<any>,
    mutation: (operation: Operation | Operation[]) => graphql.mutation({ query: operation }) as Promise<any>,
  };
}

const LIST_ITEMS = `query listItems($queries: [String!]) {
  databasesListDocuments(databaseId: "main", collectionId: "items", queries: $queries) {
    total
    documents { _id _collectionId _permissions data }
  }
}`;

const CREATE_DOCUMENT = `mutation createDocument($collectionId: String!, $documentId: String!, $data: Json!, $permissions: [String!]) {
  databasesCreateDocument(databaseId: "main", collectionId: $collectionId, documentId: $documentId, data: $data, permissions: $permissions) {
    _id
    _collectionId
    _permissions
    data
  }
}`;

/** A key limited to reading documents (API_KEYS), for the scope check. */
const READER_KEY = 'reader-key-0123456789abcdef0123456789abcdef';

async function rawPost(context: CompatContext, body: string, contentType: string): Promise<Response> {
  return fetch(`${context.endpoint}/graphql`, { method: 'POST', headers: { 'content-type': contentType, 'x-appwrite-project': TEST_PROJECT }, body });
}

describeCompat('GraphQL', (context) => {
  it('lists documents: Appwrite field names (_id, _collectionId) and the attributes as a JSON `data` string', async () => {
    const { ID, Query } = context.sdk;
    const first = await context.databases.createDocument('main', 'items', ID.unique(), { title: 'GraphQL one', count: 1, tags: ['a'] });
    await context.databases.createDocument('main', 'items', ID.unique(), { title: 'GraphQL two', count: 2 });

    const result: GraphqlResult = await graphqlOf(context).query({ query: LIST_ITEMS, variables: { queries: [Query.startsWith('title', 'GraphQL'), Query.orderAsc('count')] } });

    expect(result.errors).toBeUndefined();
    const list = result.data!['databasesListDocuments'];
    expect(list.total).toBe(2);
    expect(list.documents[0]).toMatchObject({ _id: first.$id, _collectionId: 'items', _permissions: [] });
    expect(JSON.parse(list.documents[0].data)).toMatchObject({ title: 'GraphQL one', count: 1, tags: ['a'] });
    expect(Object.keys(JSON.parse(list.documents[0].data)).some((key) => key.startsWith('$') || key.startsWith('_'))).toBe(false);
  });

  it('creates a document with a mutation; REST then reads the same document', async () => {
    const { ID, Permission, Role } = context.sdk;
    const documentId = ID.unique();
    const result: GraphqlResult = await graphqlOf(context).mutation({
      query: CREATE_DOCUMENT,
      variables: { collectionId: 'items', documentId, data: { title: 'Made by GraphQL', count: 7 }, permissions: [Permission.read(Role.any())] },
    });

    expect(result.errors).toBeUndefined();
    const created = result.data!['databasesCreateDocument'];
    expect(created._id).toMatch(/^[0-9a-f]{20}$/);
    expect(created._permissions).toEqual(['read("any")']);
    expect(await context.databases.getDocument('main', 'items', created._id)).toMatchObject({ $id: created._id, title: 'Made by GraphQL', count: 7 });
  });

  it('answers a batch (a JSON list of operations) with a list of results, in order', async () => {
    const { ID } = context.sdk;
    const results: GraphqlResult[] = await graphqlOf(context).mutation([
      { query: CREATE_DOCUMENT, variables: { collectionId: 'items', documentId: ID.unique(), data: { title: 'Batched' } } },
      { query: `query { readable: databasesListDocuments(databaseId: "main", collectionId: "readonly") { total } }` },
      { query: `query { databasesListDocuments(databaseId: "main", collectionId: "items", queries: ["{\\"method\\":\\"equal\\",\\"attribute\\":\\"title\\",\\"values\\":[\\"Batched\\"]}"]) { total } }` },
    ]);

    expect(results).toHaveLength(3);
    expect(results[0]!.data!['databasesCreateDocument']._id).toMatch(/^[0-9a-f]{20}$/);
    expect(results[1]).toEqual({ data: { readable: { total: 0 } } });
    expect(results[2]).toEqual({ data: { databasesListDocuments: { total: 1 } } });
  });

  it('refuses what the guest may not do with Appwrite\'s message, and writes nothing', async () => {
    const { ID } = context.sdk;
    const graphql = graphqlOf(context);
    const read: GraphqlResult = await graphql.query({ query: `query { databasesListDocuments(databaseId: "main", collectionId: "locked") { total } }` });
    expect(read.errors).toEqual([{ message: 'The current user is not authorized to perform the requested action.', locations: [{ line: 1, column: 9 }], path: ['databasesListDocuments'] }]);
    expect(read.data).toEqual({ databasesListDocuments: null });

    const write: GraphqlResult = await graphql.mutation({ query: CREATE_DOCUMENT, variables: { collectionId: 'readonly', documentId: ID.unique(), data: { title: 'Not allowed' } } });
    expect(write.errors?.[0]?.message).toBe('The current user is not authorized to perform the requested action.');
    expect((await context.databases.listDocuments('main', 'readonly')).total).toBe(0);

    const invalid: GraphqlResult = await graphql.mutation({ query: CREATE_DOCUMENT, variables: { collectionId: 'items', documentId: '-bad id-', data: { title: 'Bad id' } } });
    expect(invalid.errors?.[0]?.message).toMatch(/^Invalid `documentId` param: /);
  });

  it('reports a malformed query and an unknown field as GraphQL errors (HTTP 200, no data)', async () => {
    const graphql = graphqlOf(context);
    const syntax: GraphqlResult = await graphql.query({ query: 'query { databasesListDocuments( }' });
    expect(syntax.data).toBeUndefined();
    expect(syntax.errors?.[0]?.message).toMatch(/^Syntax Error: /);

    const unknown: GraphqlResult = await graphql.query({ query: 'query { databasesListEverything { total } }' });
    expect(unknown.data).toBeUndefined();
    expect(unknown.errors?.[0]?.message).toContain('Cannot query field "databasesListEverything" on type "Query".');
  });

  it('refuses more than 10 operations in one batch with Appwrite\'s graphql_too_many_queries, and an empty body with graphql_no_query', async () => {
    const graphql = graphqlOf(context);
    const eleven = Array.from({ length: 11 }, () => ({ query: 'query { healthGet { status } }' }));
    const error = await expectSdkError(context.sdk, () => graphql.query(eleven), { code: 400, type: 'graphql_too_many_queries' });
    expect(error.message).toBe('Too many queries.');
    const empty = await rawPost(context, '{}', 'application/json');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'Param "query" is not optional.', type: 'graphql_no_query', code: 400 });
  });

  it('signs up and in with mutations: the session cookie is set as by REST, and queries then run as that user', async () => {
    const email = `graphql-${context.sdk.version}-${Date.now()}@example.test`;
    const guest = graphqlOf(context);
    const signedUp: GraphqlResult = await guest.mutation({
      query: 'mutation signUp($email: String!) { accountCreate(userId: "unique()", email: $email, password: "correct-horse-9", name: "Gra Phql") { _id email name } }',
      variables: { email },
    });
    expect(signedUp.errors).toBeUndefined();
    const userId = signedUp.data!['accountCreate']._id;
    const { result, token } = await captureSession(() =>
      guest.mutation({ query: 'mutation signIn($email: String!) { accountCreateEmailPasswordSession(email: $email, password: "correct-horse-9") { userId current } }', variables: { email } }),
    );
    expect((result as GraphqlResult).data).toEqual({ accountCreateEmailPasswordSession: { userId, current: true } });

    const me: GraphqlResult = await graphqlOf(context, token).query({ query: '{ accountGet { _id email name prefs { data } } }' });
    expect(me).toEqual({ data: { accountGet: { _id: userId, email, name: 'Gra Phql', prefs: { data: '{}' } } } });
  });

  it('allows introspection', async () => {
    const result: GraphqlResult = await graphqlOf(context).query({ query: '{ __schema { queryType { name } mutationType { name } } __type(name: "Document") { fields { name } } }' });
    expect(result.errors).toBeUndefined();
    expect(result.data!['__schema']).toEqual({ queryType: { name: 'Query' }, mutationType: { name: 'Mutation' } });
    expect(result.data!['__type'].fields.map((field: { name: string }) => field.name)).toEqual(expect.arrayContaining(['_id', '_collectionId', '_permissions', 'data']));
  });

  it('takes application/graphql bodies, and GET runs queries but refuses mutations with 405', async () => {
    const posted = await rawPost(context, '{ databasesListDocuments(databaseId: "main", collectionId: "readonly") { total } }', 'application/graphql');
    expect(await posted.json()).toEqual({ data: { databasesListDocuments: { total: 0 } } });

    const url = new URL(`${context.endpoint}/graphql`);
    url.searchParams.set('query', 'query { databasesListDocuments(databaseId: "main", collectionId: "readonly") { total } }');
    const got = await fetch(url, { headers: { 'x-appwrite-project': TEST_PROJECT } });
    expect(await got.json()).toEqual({ data: { databasesListDocuments: { total: 0 } } });

    url.searchParams.set('query', 'mutation { accountDeleteSessions { status } }');
    const refused = await fetch(url, { headers: { 'x-appwrite-project': TEST_PROJECT } });
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('POST');
    expect(await refused.json()).toMatchObject({ type: 'graphql_method_unsupported', code: 405 });
  });

  it('answers a route without a JSON body (204 delete) with that route\'s own answer, as Appwrite does', async () => {
    const { ID } = context.sdk;
    const doomed = await context.databases.createDocument('main', 'items', ID.unique(), { title: 'Doomed' });
    const response = await fetch(`${context.endpoint}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY },
      body: JSON.stringify({ query: `mutation { databasesDeleteDocument(databaseId: "main", collectionId: "items", documentId: "${doomed.$id}") { status } }` }),
    });
    expect(response.status).toBe(204);
    await expectSdkError(context.sdk, () => context.databases.getDocument('main', 'items', doomed.$id), { code: 404, type: 'document_not_found' });

    const initials = await rawPost(context, JSON.stringify({ query: '{ avatarsGetInitials(name: "Ada Lovelace") { status } }' }), 'application/json');
    expect(initials.status).toBe(200);
    expect(initials.headers.get('content-type')).toMatch(/^image\//);
  });

  it('checks each field\'s scope against the key: a reading key lists but may not create', async () => {
    const send = async (query: string) => {
      const response = await fetch(`${context.endpoint}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': READER_KEY },
        body: JSON.stringify({ query }),
      });
      return (await response.json()) as GraphqlResult;
    };
    expect(await send('{ databasesListDocuments(databaseId: "main", collectionId: "readonly") { total } }')).toEqual({ data: { databasesListDocuments: { total: 0 } } });
    const refused = await send('mutation { databasesCreateDocument(databaseId: "main", collectionId: "readonly", documentId: "unique()", data: { title: "No" }) { _id } }');
    expect(refused.errors?.[0]?.message).toMatch(/^app\.test-project@service\.\S+ \(role: applications\) missing scope \(documents\.write\)$/);
  });
}, { env: { API_KEYS: `reader:documents.read:${READER_KEY}` } });

describeCompat(
  'GraphQL limits (abuse protection on)',
  (context) => {
    it('refuses a query nested deeper than 3 with graphql-php\'s message', async () => {
      const result: GraphqlResult = await graphqlOf(context).query({ query: '{ __schema { types { fields { type { ofType { name } } } } } }' });
      expect(result.data).toBeUndefined();
      expect(result.errors).toEqual([{ message: 'Max query depth should be 3 but got 4.' }]);
    });

    it('weighs a list by its page size: 100 documents of 4 fields is over the complexity of 250', async () => {
      const { Query } = context.sdk;
      const graphql = graphqlOf(context);
      const tooMuch: GraphqlResult = await graphql.query({ query: LIST_ITEMS.replace('_collectionId _permissions data', 'data'), variables: { queries: [Query.limit(100)] } });
      expect(tooMuch.errors).toEqual([{ message: 'Max query complexity should be 250 but got 400.' }]);
      const enough: GraphqlResult = await graphql.query({ query: LIST_ITEMS.replace('_collectionId _permissions data', 'data'), variables: { queries: [Query.limit(50)] } });
      expect(enough.errors).toBeUndefined();
    });
  },
  { env: { ABUSE_LIMITS: 'enabled' } },
);
