/**
 * API_KEYS over HTTP: a scoped key bypasses permissions like Appwrite's project keys, reaches only
 * the routes its scopes name (401 `general_unauthorized_scope` with Appwrite's message for a key
 * otherwise), never the account routes, and its secret never reaches the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../support/scenario.ts';
import { startTestServer, TEST_API_KEY, TEST_PROJECT, type TestServer } from '../../support/test-server.ts';

const READER = 'reader-key-secret-0123456789abcdef0123456789';
const TEAMS = 'teams-key-secret-0123456789abcdef01234567890';
const UPLOADER = 'uploader-key-secret-0123456789abcdef0123456';
const API_KEYS = `reader:documents.read:${READER}; teams:teams.read,teams.write:${TEAMS}\nuploader:files.write:${UPLOADER}`;

describe('scoped API keys [sqlite]', () => {
  let server: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ env: { API_KEYS, LOG_LEVEL: 'debug', ABUSE_LIMITS: 'disabled' }, appOptions: { logStream: { write: (line) => void logLines.push(line) } } });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function as(key: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const response = await send(server, { method, path: `/v1${path}`, headers: { 'X-Appwrite-Key': key }, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    return { status: response.status, json: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
  }

  function missing(scope: string) {
    return { message: `app.${TEST_PROJECT}@service.127.0.0.1 (role: applications) missing scope (${scope})`, code: 401, type: 'general_unauthorized_scope', version: expect.any(String) };
  }

  it('a key with documents.read reads what no guest may (permissions bypassed), and may not write', async () => {
    expect(await as(TEST_API_KEY, 'POST', '/databases/main/collections/locked/documents', { documentId: 'kept', data: { title: 'Locked' } })).toMatchObject({ status: 201 });
    expect((await send(server, { method: 'GET', path: '/v1/databases/main/collections/locked/documents' })).status).toBe(401);
    expect(await as(READER, 'GET', '/databases/main/collections/locked/documents')).toMatchObject({ status: 200, json: { total: 1 } });
    expect(await as(READER, 'GET', '/databases/main/collections/locked/documents/kept')).toMatchObject({ status: 200, json: { $id: 'kept' } });
    expect(await as(READER, 'POST', '/databases/main/collections/items/documents', { documentId: 'unique()', data: { title: 'No' } })).toEqual({ status: 401, json: missing('documents.write') });
    expect(await as(READER, 'DELETE', '/databases/main/collections/locked/documents/kept')).toEqual({ status: 401, json: missing('documents.write') });
    expect(await as(READER, 'GET', '/databases/main/collections/locked/documents/kept')).toMatchObject({ status: 200 });
  });

  it('no key reaches the account routes; every key reaches ping and health; avatars need avatars.read', async () => {
    for (const key of [READER, TEAMS, UPLOADER]) {
      expect(await as(key, 'GET', '/account')).toEqual({ status: 401, json: missing('account') });
      expect(await as(key, 'PATCH', '/account/name', { name: 'Key' })).toEqual({ status: 401, json: missing('account') });
      expect(await as(key, 'GET', '/ping')).toEqual({ status: 200, json: 'Pong!' });
      expect(await as(key, 'GET', '/health')).toMatchObject({ status: 200 });
      expect(await as(key, 'GET', '/avatars/initials?name=AB')).toEqual({ status: 401, json: missing('avatars.read') });
      expect(await as(key, 'POST', '/account/sessions/email', { email: 'a@example.org', password: 'password-long' })).toEqual({ status: 401, json: missing('sessions.write') });
    }
  });

  it('a key with teams.write acts as the operator does: a team without a creator member, members confirmed at once', async () => {
    const team = await as(TEAMS, 'POST', '/teams', { teamId: 'scoped', name: 'Scoped' });
    expect(team).toMatchObject({ status: 201, json: { $id: 'scoped', total: 0 } });
    const signUp = await send(server, { method: 'POST', path: '/v1/account', body: { userId: 'member1', email: 'member1@example.org', password: 'member-password-1' } });
    expect(signUp.status).toBe(201);
    const membership = await as(TEAMS, 'POST', '/teams/scoped/memberships', { userId: 'member1', roles: ['editor'] });
    expect(membership).toMatchObject({ status: 201, json: { userId: 'member1', confirm: true, roles: ['editor'] } });
    expect(await as(READER, 'GET', '/teams/scoped')).toEqual({ status: 401, json: missing('teams.read') });
    expect(await as(UPLOADER, 'DELETE', '/teams/scoped')).toEqual({ status: 401, json: missing('teams.write') });
    expect(await as(TEAMS, 'DELETE', '/teams/scoped')).toMatchObject({ status: 204 });
  });

  it('a key with files.write uploads without the bucket granting it anything, but may not read back', async () => {
    const form = new FormData();
    form.append('fileId', 'keyfile');
    form.append('file', new File([Buffer.from('hello')], 'hello.txt'));
    const upload = await fetch(`${server.endpoint}/storage/buckets/private/files`, { method: 'POST', headers: { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': UPLOADER }, body: form });
    expect(upload.status).toBe(201);
    expect(await upload.json()).toMatchObject({ $id: 'keyfile', $permissions: [] });
    expect(await as(UPLOADER, 'GET', '/storage/buckets/private/files/keyfile')).toEqual({ status: 401, json: missing('files.read') });
    expect(await as(UPLOADER, 'PUT', '/storage/buckets/private/files/keyfile', { name: 'renamed.txt' })).toMatchObject({ status: 200, json: { name: 'renamed.txt' } });
  });

  it('a secret one character off, or none of the keys, is 401 general_access_forbidden; API_KEY keeps every scope', async () => {
    for (const wrong of [`${READER.slice(0, -1)}X`, READER.slice(0, -1), 'x'.repeat(44)]) {
      expect(await as(wrong, 'GET', '/databases/main/collections/items/documents')).toMatchObject({ status: 401, json: { type: 'general_access_forbidden' } });
    }
    expect(await as(TEST_API_KEY, 'GET', '/teams')).toMatchObject({ status: 200 });
    expect(await as(TEST_API_KEY, 'GET', '/avatars/initials?name=AB')).toMatchObject({ status: 200 });
  });

  it('no secret reaches the log, refused or not', () => {
    const log = logLines.join('\n');
    expect(log).toContain('"msg":"request"');
    for (const secret of [READER, TEAMS, UPLOADER, TEST_API_KEY]) expect(log).not.toContain(secret.slice(0, 16));
  });
});
