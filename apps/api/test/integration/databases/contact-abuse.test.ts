// Contact messages have their own create limit (collection-abuse-limits.ts): 5 an hour per IP,
// on top of the route's 120 a minute. Each row speaks from its own address (X-Forwarded-For,
// believed from loopback), so the rows do not share a window.
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { TEST_API_KEY } from '../../support/test-server.ts';
import { runScenarios, send, type ScenarioContext } from '../../support/scenario.ts';

const LIMIT = 5;
const WINDOW_SECONDS = 60 * 60;
const PROJECT = 'ballot-atlas';
const MESSAGES = '/v1/databases/main/collections/contact_messages/documents';
const schemaFile = fileURLToPath(new URL('../../../../../appwrite.json', import.meta.url));

const message = {
  name: 'Amélie N\u2019Diaye',
  email: 'amelie@example.org',
  subject: 'Polling station hours',
  message: 'Is my polling station open until 17:00?',
  status: 'new',
  language: 'fr',
};

function from(ip: string): Record<string, string> {
  return { 'X-Appwrite-Project': PROJECT, 'X-Forwarded-For': ip };
}

function createFrom(ip: string, data: Record<string, unknown> = message) {
  return { method: 'POST' as const, path: MESSAGES, headers: from(ip), body: { documentId: 'unique()', data } };
}

/** Waits out the last seconds of an hour window, so one row's creates land in one window. */
async function startOfBurst(): Promise<void> {
  const secondsLeft = WINDOW_SECONDS - ((Date.now() / 1000) % WINDOW_SECONDS);
  if (secondsLeft < 10) await sleep(secondsLeft * 1000 + 50);
}

/** The allowed creates of one address's window. */
async function useUpTheLimit({ server }: ScenarioContext, ip: string): Promise<void> {
  await startOfBurst();
  for (let n = 1; n <= LIMIT; n++) {
    const response = await send(server, createFrom(ip));
    const text = await response.text();
    expect(response.status, text).toBe(201);
  }
}

async function messageCount({ server }: ScenarioContext): Promise<number> {
  const response = await send(server, { method: 'GET', path: MESSAGES, headers: { 'X-Appwrite-Project': PROJECT, 'X-Appwrite-Key': TEST_API_KEY } });
  return ((await response.json()) as { total: number }).total;
}

let countBefore = 0;

runScenarios(
  'abuse limit on contact messages',
  [
    {
      name: `the ${LIMIT + 1}th message within an hour from one address answers 429 and stores nothing`,
      ...createFrom('203.0.113.1'),
      async setup(context) {
        await useUpTheLimit(context, '203.0.113.1');
        countBefore = await messageCount(context);
      },
      expectedStatus: 429,
      expectedType: 'general_rate_limit_exceeded',
      async check(json: { message: string }, _response, context) {
        expect(json.message).toMatch(/try again later/);
        expect(await messageCount(context)).toBe(countBefore);
      },
    },
    {
      name: 'another address keeps its own allowance',
      ...createFrom('203.0.113.2'),
      async setup(context) {
        await useUpTheLimit(context, '203.0.113.3');
        expect((await send(context.server, createFrom('203.0.113.3'))).status).toBe(429);
      },
      expectedStatus: 201,
    },
    {
      name: 'the operator key is exempt',
      method: 'POST',
      path: MESSAGES,
      headers: { ...from('203.0.113.4'), 'X-Appwrite-Key': TEST_API_KEY },
      body: { documentId: 'unique()', data: message },
      async setup(context) {
        await useUpTheLimit(context, '203.0.113.4');
        expect((await send(context.server, createFrom('203.0.113.4'))).status).toBe(429);
      },
      expectedStatus: 201,
    },
    {
      name: 'refused (invalid) messages do not use up the allowance',
      ...createFrom('203.0.113.5'),
      async setup(context) {
        await startOfBurst();
        for (let n = 0; n <= LIMIT; n++) {
          const response = await send(context.server, createFrom('203.0.113.5', { ...message, email: 'not an address' }));
          const json = (await response.json()) as { type: string };
          expect(json.type).toBe('document_invalid_structure');
        }
      },
      expectedStatus: 201,
    },
    {
      name: 'guests still cannot read the messages',
      method: 'GET',
      path: MESSAGES,
      headers: from('203.0.113.6'),
      expectedStatus: 401,
      expectedType: 'user_unauthorized',
      async check(_json, _response, context) {
        expect(await messageCount(context)).toBeGreaterThan(0);
      },
    },
  ],
  { schemaFile, env: { PROJECT_ID: PROJECT } },
);
