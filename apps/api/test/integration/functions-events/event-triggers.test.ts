// Event-triggered executions and execution events, on both engines: a committed write starts each
// function whose `events` name one of its forms, once, with Appwrite's event headers and the
// payload as its body; executions announce themselves on the outbox; an execution's own events
// trigger nothing.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommittedEvent } from '../../../src/events/index.ts';
import { schemaFileWithFunctions } from '../../support/schema-variants.ts';
import { operatorAnswer, type Method } from '../../support/scenario.ts';
import { postgresAvailable, startTestServer, TEST_PROJECT, type Engine, type TestServer } from '../../support/test-server.ts';

const EVENT_FIXTURES = fileURLToPath(new URL('../../fixtures/functions/events', import.meta.url));
const SCHEMA_FILE = schemaFileWithFunctions([
  { $id: 'on-team', name: 'On team', path: EVENT_FIXTURES, events: ['teams.*.create'], execute: ['users'] },
  { $id: 'on-team-twice', name: 'On team, two matching forms', path: EVENT_FIXTURES, events: ['teams.*', 'teams.*.create'] },
  { $id: 'on-executions', name: 'On executions', path: EVENT_FIXTURES, events: ['functions.*.executions.*.create', 'functions.*.executions.*.update', 'functions.*'] },
  { $id: 'off', name: 'Disabled', path: EVENT_FIXTURES, events: ['teams.*.create'], enabled: false },
]);
const postgresUp = await postgresAvailable();

function call(server: TestServer, method: Method, path: string, body?: unknown): Promise<any> {
  return operatorAnswer(server, method, `/v1${path}`, body);
}

async function executionsOf(server: TestServer, functionId: string): Promise<any[]> {
  return (await call(server, 'GET', `/functions/${functionId}/executions`)).executions;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const engine of ['sqlite', 'postgres'] as Engine[]) {
  describe.skipIf(engine === 'postgres' && !postgresUp)(`event-triggered executions [${engine}]`, () => {
    let server: TestServer;
    const seen: CommittedEvent[] = [];
    beforeAll(async () => {
      server = await startTestServer({ engine, env: { SCHEMA_FILE, JOBS_POLL_MS: '100' } });
      server.app.services.events.subscribe((event) => void seen.push(event));
    });
    afterAll(async () => {
      await server.close();
    });

    it('a team created runs each listening function once, with the event headers and the team as its body', async () => {
      const team = await call(server, 'POST', '/teams', { teamId: 'unique()', name: 'Triggers' });
      expect(team.httpStatus).toBe(201);
      const [run] = await until(() => executionsOf(server, 'on-team'), (list) => list.length === 1 && ['completed', 'failed'].includes(list[0].status));
      expect(run).toMatchObject({ trigger: 'event', status: 'completed', requestMethod: 'POST', requestPath: '/', $permissions: [] });
      const started = JSON.parse(/\{.*\}/.exec(run.logs)![0]);
      expect(started).toMatchObject({ trigger: 'event', event: `teams.${team.$id}.create`, userId: '', method: 'POST', path: '/' });
      expect(started.userAgent).toMatch(/^Appwrite\//);
      expect(started.body).toMatchObject({ $id: team.$id, name: 'Triggers' });
      // Two declared forms matching one event still make one run.
      const twice = await until(() => executionsOf(server, 'on-team-twice'), (list) => list.length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await executionsOf(server, 'on-team-twice')).toHaveLength(twice.length);
      expect(twice).toHaveLength(1);
      expect(await call(server, 'GET', '/functions/off/executions')).toMatchObject({ total: 0 });
    });

    it('executions announce create and update on the outbox, and their events trigger no function', async () => {
      const runs = await until(() => executionsOf(server, 'on-team'), (list) => list.length >= 1 && list.every((run) => run.status === 'completed'));
      const id = runs[0].$id;
      // The outcome is readable over REST as soon as it commits; the broadcast reader gets it a moment later.
      const forThis = await until(async () => seen.filter((event) => event.events[0]!.startsWith(`functions.on-team.executions.${id}.`)), (events) => events.length >= 3);
      expect(forThis.map((event) => event.events[0])).toEqual([
        `functions.on-team.executions.${id}.create`,
        `functions.on-team.executions.${id}.update`,
        `functions.on-team.executions.${id}.update`,
      ]);
      expect(forThis.map((event) => (event.payload as { status: string }).status)).toEqual(['waiting', 'processing', 'completed']);
      expect(forThis[0]!.events).toContain('functions.*.executions.*.create');
      // A key-only execution has no readers, so realtime publishes it nowhere.
      expect(forThis[0]!.roles).toEqual([]);
      expect(forThis[0]!.channels).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await call(server, 'GET', '/functions/on-executions/executions')).toMatchObject({ total: 0 });
    });

    it("a user's own execution is announced to that user on executions, executions.ID and functions.ID", async () => {
      const email = `runner-${Date.now()}@example.test`;
      const guest = { 'x-appwrite-project': TEST_PROJECT, 'content-type': 'application/json' };
      await fetch(`${server.endpoint}/account`, { method: 'POST', headers: guest, body: JSON.stringify({ userId: 'unique()', email, password: 'runner-password-1' }) });
      const session = await fetch(`${server.endpoint}/account/sessions/email`, { method: 'POST', headers: guest, body: JSON.stringify({ email, password: 'runner-password-1' }) });
      const { userId } = (await session.json()) as { userId: string };
      const cookie = session.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
      const response = await fetch(`${server.endpoint}/functions/on-team/executions`, { method: 'POST', headers: { ...guest, cookie }, body: JSON.stringify({ async: true }) });
      expect(response.status).toBe(202);
      const execution = (await response.json()) as { $id: string };
      const created = await until(async () => seen.find((event) => event.events[0] === `functions.on-team.executions.${execution.$id}.create`), Boolean);
      expect(created!.roles).toEqual([`user:${userId}`]);
      expect(created!.channels).toEqual(expect.arrayContaining(['executions', `executions.${execution.$id}`, 'functions.on-team', 'executions.create', `executions.${execution.$id}.create`]));
    });
  });
}
