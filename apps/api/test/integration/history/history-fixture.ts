/**
 * A server on the site's own schema (appwrite.json: the `editors` team and the directory's
 * collections), with helpers to act as an editor, another signed-in user, a guest or a key, and
 * to read the change history.
 */
import { afterAll, beforeAll } from 'vitest';
import { siteSchemaCopy } from '../../support/site-schema-copy.ts';
import { call, freshCredentials, ok, signIn } from '../../support/account-http.ts';
import type { Method } from '../../support/scenario.ts';
import { startTestServer, TEST_API_KEY, type Engine, type TestServer } from '../../support/test-server.ts';

export const SCOPED_KEY = { name: 'importer', secret: 'history-importer-key-0123456789abcdef0123' };
export const READ_ONLY_KEY = { name: 'monitor', secret: 'history-monitor-key-0123456789abcdef01234' };
export const PARTIES = '/databases/main/collections/parties/documents';
export const CANDIDATES = '/databases/main/collections/candidates/documents';
export const MESSAGES = '/databases/main/collections/contact_messages/documents';

/** Who sends a request: a session token, an API key, or nobody. */
export type Caller = { session: string } | { key: string } | 'guest';

export interface Person {
  id: string;
  name: string;
  token: string;
}

export interface HistoryWorld {
  server: TestServer;
  editor: Person;
  owner: Person;
  outsider: Person;
  operator: Caller;
}

function headersOf(caller: Caller, extra: Record<string, string> = {}): { session?: string; headers: Record<string, string> } {
  if (caller === 'guest') return { headers: extra };
  if ('key' in caller) return { headers: { 'X-Appwrite-Key': caller.key, ...extra } };
  return { session: caller.session, headers: extra };
}

/** A request as `caller`, with extra headers (the source); the raw response. */
export function request(world: HistoryWorld, caller: Caller, method: Method, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  return call(world.server, method, path, { ...headersOf(caller, options.headers), ...(options.body === undefined ? {} : { body: options.body }) });
}

/** The JSON answer of a request that must succeed. */
export async function answer(world: HistoryWorld, caller: Caller, method: Method, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<any> {
  const response = await request(world, caller, method, path, options);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

export function query(...queries: object[]): string {
  return queries.map((entry, index) => `queries[${index}]=${encodeURIComponent(JSON.stringify(entry))}`).join('&');
}

/** Every change of one record, newest first, read with the operator key. */
export async function historyOf(world: HistoryWorld, collectionId: string, documentId: string): Promise<any[]> {
  const list = await answer(world, world.operator, 'GET', `/history/changes?${query({ method: 'equal', attribute: 'collectionId', values: [collectionId] }, { method: 'equal', attribute: 'documentId', values: [documentId] }, { method: 'limit', values: [100] })}`);
  return list.changes;
}

async function person(server: TestServer, label: string, name: string, role: 'editor' | 'owner' | null): Promise<Person> {
  const credentials = freshCredentials(label);
  await ok(server, 'POST', '/account', { body: { userId: credentials.id, email: credentials.email, password: credentials.password, name } });
  if (role) await ok(server, 'POST', '/teams/editors/memberships', { headers: { 'X-Appwrite-Key': TEST_API_KEY }, body: { userId: credentials.id, roles: [role] } });
  const { token } = await signIn(server, credentials);
  return { id: credentials.id, name, token };
}

/** The world for the enclosing describe block. */
export function useHistoryWorld(engine: Engine): () => HistoryWorld {
  const schema = siteSchemaCopy();
  let world: HistoryWorld | undefined;
  beforeAll(async () => {
    const server = await startTestServer({
      engine,
      schemaFile: schema.file,
      env: { ABUSE_LIMITS: 'disabled', API_KEYS: `${SCOPED_KEY.name}:documents.read,documents.write:${SCOPED_KEY.secret};${READ_ONLY_KEY.name}:health.read:${READ_ONLY_KEY.secret}` },
    });
    world = {
      server,
      editor: await person(server, 'historyeditor', 'Émilie Éditrice', 'editor'),
      owner: await person(server, 'historyowner', 'Olusegun Owner', 'owner'),
      outsider: await person(server, 'historyoutsider', 'Nobody Special', null),
      operator: { key: TEST_API_KEY },
    };
  });
  afterAll(async () => {
    await world?.server.close();
    schema.remove();
  });
  return () => {
    if (!world) throw new Error('the history world has not started');
    return world;
  };
}

export const as = (person: Person): Caller => ({ session: person.token });

/** A party with a fresh id, created by the operator (so with no history of the editors' own). */
export async function newParty(world: HistoryWorld, data: Record<string, unknown> = {}, caller: Caller = world.operator, headers: Record<string, string> = {}): Promise<any> {
  const suffix = Math.random().toString(36).slice(2, 9);
  return answer(world, caller, 'POST', PARTIES, { body: { documentId: `party-${suffix}`, data: { name: `Party ${suffix}`, slug: `party-${suffix}`, ...data } }, headers });
}
