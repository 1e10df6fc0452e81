// Document creates are limited to 120 a minute per IP, method and URL; the operator key is not.
// Each engine gets its own server, so its limiter starts empty.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { TEST_API_KEY } from '../../support/test-server.ts';
import { DOCUMENTS, ensureDocuments, runScenarios, send, type ScenarioContext } from '../../support/scenario.ts';

const LIMIT = 120;
const WINDOW_SECONDS = 60;

/** Waits out the last seconds of a fixed window, so a burst of requests lands in one window. */
async function startOfBurst(): Promise<void> {
  const secondsLeft = WINDOW_SECONDS - ((Date.now() / 1000) % WINDOW_SECONDS);
  if (secondsLeft < 5) await sleep(secondsLeft * 1000 + 50);
}

function createRequest(id: string) {
  return { method: 'POST' as const, path: DOCUMENTS, body: { documentId: id, data: { title: `Burst ${id}` } } };
}

/** The allowed creates of one window, each reporting the limit and what is left of it. */
async function useUpTheLimit({ server }: ScenarioContext): Promise<void> {
  await startOfBurst();
  for (let n = 1; n <= LIMIT; n++) {
    const response = await send(server, createRequest(`burst-${n}`));
    await response.body?.cancel();
    expect(response.status).toBe(201);
    expect(response.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
    expect(response.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - n));
  }
}

/** Guest creates until one is refused; a single request once the limit is already used up. */
async function untilLimited({ server }: ScenarioContext): Promise<void> {
  for (let n = 0; n <= LIMIT; n++) {
    const response = await send(server, createRequest('unique()'));
    await response.body?.cancel();
    if (response.status === 429) return;
  }
  throw new Error('the create limit was never reached');
}

runScenarios('abuse limit on document creates', [
  {
    name: `the ${LIMIT + 1}st create within a minute answers 429 with the rate-limit headers and writes nothing`,
    ...createRequest('burst-over'),
    setup: useUpTheLimit,
    expectedStatus: 429,
    expectedType: 'general_rate_limit_exceeded',
    expectedHeaders: { 'x-ratelimit-limit': String(LIMIT), 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': /^\d+$/ },
    unchanged: ['main/items'],
    async check(_json, response, { server }) {
      const reset = Number(response.headers.get('x-ratelimit-reset'));
      const now = Date.now() / 1000;
      expect(reset).toBeGreaterThan(now);
      expect(reset).toBeLessThanOrEqual(now + WINDOW_SECONDS);
      expect((await send(server, { method: 'GET', path: `${DOCUMENTS}/burst-over` })).status).toBe(404);
    },
  },
  {
    name: 'the operator key is not limited and gets no rate-limit headers',
    ...createRequest('burst-operator'),
    setup: untilLimited,
    headers: { 'X-Appwrite-Key': TEST_API_KEY },
    expectedStatus: 201,
    expectedHeaders: { 'x-ratelimit-limit': null },
  },
  {
    name: 'reads are not limited',
    method: 'GET',
    path: DOCUMENTS,
    expectedStatus: 200,
    expectedHeaders: { 'x-ratelimit-limit': null },
  },
  {
    name: 'updates are counted apart from creates',
    method: 'PATCH',
    path: `${DOCUMENTS}/burst-1`,
    async setup(context) {
      await untilLimited(context);
      await ensureDocuments(context.server, 'main/items', [{ id: 'burst-1', data: { title: 'Burst' } }]);
    },
    body: { data: { title: 'Still allowed' } },
    expectedStatus: 200,
    expectedHeaders: { 'x-ratelimit-limit': String(LIMIT), 'x-ratelimit-remaining': String(LIMIT - 1) },
  },
]);
