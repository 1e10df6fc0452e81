// The API fuzz's own checks can fail: the store fingerprint sees every kind of write, the
// answer check flags every broken answer, and a route nobody wrote test code for is fuzzed
// from its declaration alone.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { param } from '../../../src/core/params.ts';
import { defineRoute, type RouteDefinition } from '../../../src/core/route.ts';
import { loadProjectSchema } from '../../../src/schema/project-schema.ts';
import { FUZZ_SCHEMA, fuzzServerEnv } from '../../fuzz/fuzz-server.ts';
import { FuzzWorld } from '../../fuzz/fuzz-world.ts';
import type { HttpAnswer } from '../../fuzz/http-send.ts';
import { materialise } from '../../fuzz/request-encoding.ts';
import { problemWith } from '../../fuzz/response-checks.ts';
import { fuzzCase } from '../../fuzz/route-arbitraries.ts';
import { difference, StoreFingerprints } from '../../fuzz/store-fingerprint.ts';
import { valueHints } from '../../fuzz/value-hints.ts';
import { describeEachEngine } from '../../support/scenario.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

describeEachEngine('the store fingerprint', (engine) => {
  let server: TestServer;
  let world: FuzzWorld;
  let fingerprints: StoreFingerprints;

  beforeAll(async () => {
    server = await startTestServer({ engine, schemaFile: FUZZ_SCHEMA, env: fuzzServerEnv() });
    world = new FuzzWorld(server);
    await world.prepare();
    fingerprints = await StoreFingerprints.open(server.app.services, server.config);
  });
  afterAll(async () => {
    await fingerprints?.close();
    await server?.close();
  });

  const writes: [string, () => Promise<unknown>][] = [
    ['a document created', () => world.call('POST', '/databases/main/collections/items/documents', { body: { documentId: 'fp-new', data: { title: 'New' } } })],
    ['a document updated (same count)', () => world.call('PATCH', '/databases/main/collections/items/documents/fuzz-items-1', { body: { data: { title: 'Changed' } } })],
    ['only the permissions of a document changed', () => world.call('PATCH', '/databases/main/collections/secure/documents/fuzz-secure-1', { body: { permissions: ['read("any")'] } })],
    ['a document deleted', () => world.call('DELETE', '/databases/main/collections/items/documents/fp-new')],
    ['a file record changed', () => world.call('PUT', '/storage/buckets/photos/files/fuzz-photos-1', { body: { name: 'renamed.png' } })],
    ['a team renamed', () => world.call('PUT', '/teams/fuzz-team', { body: { name: 'Renamed' } })],
    ['an account renamed', () => world.call('PATCH', '/account/name', { session: world.session, body: { name: 'Renamed' } })],
    ['a session created', () => world.call('POST', '/account/sessions/anonymous', { key: false })],
    ['a token created', () => world.call('POST', '/account/tokens/email', { key: false, body: { userId: 'unique()', email: 'token@example.org' } })],
  ];

  for (const [name, write] of writes) {
    it(`changes when ${name}`, async () => {
      const before = await fingerprints.take();
      await write();
      expect(difference(before, await fingerprints.take())).not.toBeNull();
    });
  }

  it('stays the same for reads and refused writes', async () => {
    const before = await fingerprints.take();
    await world.call('GET', '/databases/main/collections/items/documents');
    await world.call('POST', '/databases/main/collections/items/documents', { body: { documentId: 'fp-bad', data: { count: -5 } } });
    expect(difference(before, await fingerprints.take())).toBeNull();
  });
});

describe('the answer check', () => {
  const answer = (status: number, body: unknown, contentType = 'application/json; charset=utf-8'): HttpAnswer => ({
    status,
    headers: { 'content-type': contentType },
    body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  });
  const error = (status: number, type: string, message = 'x') => answer(status, { message, code: status, type, version: '1.6.2' });

  it('accepts successes and well-formed errors', () => {
    expect(problemWith('GET', answer(200, { ok: true }))).toBeNull();
    expect(problemWith('POST', error(400, 'general_argument_invalid'))).toBeNull();
    expect(problemWith('HEAD', answer(404, ''))).toBeNull();
  });

  it.each([
    ['a 500', error(500, 'general_unknown')],
    ['a 503 (a healthy database never answers it)', error(503, 'general_service_unavailable')],
    ['a code that is not the status', answer(400, { message: 'x', code: 404, type: 'general_bad_request' })],
    ['a type the catalogue does not list', error(400, 'general_oops')],
    ['no message', answer(400, { code: 400, type: 'general_bad_request' })],
    ['an error that is not JSON', answer(400, 'Bad Request', 'text/plain')],
    ['a JSON array', answer(400, [1])],
    ['a stack trace', error(400, 'general_bad_request', 'TypeError: x\n    at parse (/srv/app/dist/x.js:10:5)')],
    ['a file path', error(400, 'general_bad_request', 'ENOENT: no such file or directory, open /tmp/upload-123')],
  ])('flags %s', (_name, broken) => {
    expect(problemWith('GET', broken)).not.toBeNull();
  });
});

describe('a route nobody wrote fuzz code for', () => {
  const route = defineRoute({
    id: 'test.later',
    method: 'POST',
    path: '/later/{thingId}',
    aliases: ['/later-alias/{thingId}'],
    summary: 'A route added after the fuzz was written.',
    scope: 'public',
    params: {
      thingId: param.uid({ required: true, description: 'id' }),
      size: param.integer({ min: 1, max: 9, description: 'size' }),
      tags: param.strings({ max: 3, description: 'tags' }),
    },
    response: { status: 204 },
    handler: async () => undefined,
  }) as unknown as RouteDefinition;
  const { hints, hostile } = valueHints(loadProjectSchema(FUZZ_SCHEMA));
  const cases = fc.sample(fuzzCase([route], hints, hostile), { numRuns: 300, seed: 7 });
  const view = { projectId: 'p', apiKey: 'k', session: 's', jwt: 'j', png: Buffer.alloc(0), lookup: () => 'x' };

  it('is fuzzed on both its paths, with valid, boundary and hostile values for each declared parameter', () => {
    const requests = cases.map((fuzz) => materialise(fuzz, view));
    expect(new Set(cases.map((fuzz) => fuzz.template))).toEqual(new Set(['/later/{thingId}', '/later-alias/{thingId}']));
    const sizes = cases.map((fuzz) => fuzz.params['size']);
    expect(sizes.some((size) => typeof size === 'number' && size >= 1 && size <= 9)).toBe(true);
    expect(sizes).toContain(10);
    expect(sizes.some((size) => typeof size !== 'number' && size !== undefined)).toBe(true);
    expect(cases.some((fuzz) => Array.isArray(fuzz.params['tags']) && (fuzz.params['tags'] as unknown[]).length === 4)).toBe(true);
    expect(requests.every((request) => /^\/v1\/later(-alias)?\//.test(request.path))).toBe(true);
    expect(requests.some((request) => request.body && JSON.parse(request.body.toString()).size !== undefined)).toBe(true);
  });
});
