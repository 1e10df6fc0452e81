/** What every database-outage test checks: the answers under load during and after the outage, and what the log said. */
import { expect } from 'vitest';
import { DOCUMENTS } from './scenario.ts';
import { startSteadyLoad, type LoadRequest, type LoadSample, type SteadyLoad } from './steady-load.ts';
import { TEST_API_KEY, TEST_PROJECT } from './test-server.ts';

export const SESSION_COOKIE = `a_session_${TEST_PROJECT}`;

export interface SignedIn {
  email: string;
  password: string;
  /** The session token of the cookie. */
  token: string;
}

/** A user with a password (so a hash is stored) and a session (so a token exists) that could leak into a log. */
export async function signUpAndIn(baseUrl: string, label: string): Promise<SignedIn> {
  const name = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 24);
  const email = `${name}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const password = `pw-${name}-${Math.random().toString(36).slice(2)}-long`;
  const headers = { 'X-Appwrite-Project': TEST_PROJECT, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/v1/account`, { method: 'POST', headers, body: JSON.stringify({ userId: 'unique()', email, password }) });
  if (created.status !== 201) throw new Error(`sign-up: ${created.status} ${await created.text()}`);
  const session = await fetch(`${baseUrl}/v1/account/sessions/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  if (session.status !== 201) throw new Error(`sign-in: ${session.status} ${await session.text()}`);
  const cookie = session.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
  return { email, password, token: decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!) };
}

/** Reads and writes through every layer that touches the database: operator lists, gets and creates, a session's account, the health check. */
export function startMixedLoad(baseUrl: string, user: SignedIn, perSecond = 20): SteadyLoad {
  const key = { 'X-Appwrite-Project': TEST_PROJECT, 'X-Appwrite-Key': TEST_API_KEY };
  const requests: ((index: number) => LoadRequest)[] = [
    () => ({ name: 'list', path: `${DOCUMENTS}?queries[0]=${encodeURIComponent('{"method":"limit","values":[5]}')}`, init: { headers: key } }),
    () => ({ name: 'get', path: `${DOCUMENTS}/outage-seed`, init: { headers: key } }),
    (index) => ({
      name: 'create',
      path: DOCUMENTS,
      init: { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body: JSON.stringify({ documentId: `load-${index}-${Math.random().toString(36).slice(2, 8)}`, data: { title: `Load ${index}`, body: 'x'.repeat(1000) } }) },
    }),
    () => ({ name: 'account', path: '/v1/account', init: { headers: { 'X-Appwrite-Project': TEST_PROJECT, Cookie: `${SESSION_COOKIE}=${encodeURIComponent(user.token)}` } } }),
    () => ({ name: 'health-db', path: '/v1/health/db' }),
  ];
  return startSteadyLoad(baseUrl, perSecond, (index) => requests[index % requests.length]!(index));
}

export async function seedOutageDocument(baseUrl: string): Promise<void> {
  const response = await fetch(baseUrl + DOCUMENTS, {
    method: 'POST',
    headers: { 'X-Appwrite-Project': TEST_PROJECT, 'X-Appwrite-Key': TEST_API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ documentId: 'outage-seed', data: { title: 'Outage seed' } }),
  });
  if (response.status !== 201) throw new Error(`seed: ${response.status} ${await response.text()}`);
}

export interface OutageFigures {
  requests: number;
  /** Answers by status (or network error code) over the whole run. */
  statuses: Record<string, number>;
  /** 503 answers to requests sent while the outage lasted. */
  unavailableDuring: number;
  /** From the database being back to every later request succeeding. */
  recoveryMs: number;
  /** The slowest answer of the run. */
  slowestMs: number;
  /** Whether /v1/health/db failed at least once while the outage lasted. */
  healthFailedDuring: boolean;
}

const OK = new Set([200, 201]);

/** `outage` and `restoredAt` are performance.now() instants. */
export function outageFigures(samples: readonly LoadSample[], outage: { startedAt: number; restoredAt: number }): OutageFigures {
  const statuses: Record<string, number> = {};
  for (const sample of samples) statuses[String(sample.status)] = (statuses[String(sample.status)] ?? 0) + 1;
  const during = samples.filter((sample) => sample.sentAt >= outage.startedAt && sample.sentAt < outage.restoredAt);
  const after = [...samples].filter((sample) => sample.sentAt >= outage.restoredAt).sort((a, b) => a.sentAt - b.sentAt);
  const lastFailure = after.findLastIndex((sample) => !OK.has(sample.status as number));
  const firstGood = after[lastFailure + 1];
  const recoveredAt = firstGood ? firstGood.sentAt + firstGood.durationMs : Number.POSITIVE_INFINITY;
  return {
    requests: samples.length,
    statuses,
    unavailableDuring: during.filter((sample) => sample.status === 503).length,
    recoveryMs: Math.max(0, Math.round(recoveredAt - outage.restoredAt)),
    slowestMs: Math.round(Math.max(...samples.map((sample) => sample.durationMs))),
    healthFailedDuring: during.some((sample) => sample.name === 'health-db' && sample.status === 503),
  };
}

/** Only successes and Appwrite-shaped 503s: no 500, no other error, no connection refused or reset, no timeout. */
export function expectOnlyUnavailable(samples: readonly LoadSample[]): void {
  const unexpected = samples.filter((sample) => !OK.has(sample.status as number) && !(sample.status === 503 && sample.type === 'general_service_unavailable'));
  expect(unexpected.map(({ name, status, type }) => `${name} ${status} ${type ?? ''}`)).toEqual([]);
}

/**
 * The log may name an error's type and message; never a driver object (pg's client, with its
 * backend `processID` and cancel `secretKey`), a password, its hash, a session token or a key.
 */
export function expectNoSecretsIn(output: string, secrets: readonly string[]): void {
  for (const pattern of [/secretKey/i, /processID/i, /\$argon2/, /"client"\s*:/, /Client \{/, /_connectionCallback/, /connectionParameters/]) expect(output).not.toMatch(pattern);
  for (const secret of secrets) expect(output.includes(secret), `the log contains ${secret.slice(0, 6)}…`).toBe(false);
}

/** The secrets of a signed-in user and of the test operator. */
export function secretsOf(user: SignedIn): string[] {
  const inner = JSON.parse(Buffer.from(user.token, 'base64').toString('utf8')) as { secret: string };
  return [user.password, user.token, encodeURIComponent(user.token), inner.secret, TEST_API_KEY];
}

/** The mixed load around one outage: a second of load, `begin`, `outageMs`, `end`, three more seconds; what it saw. */
export async function loadThroughOutage(baseUrl: string, user: SignedIn, outage: { begin(): Promise<void> | void; end(): Promise<void> | void }, outageMs: number): Promise<{ samples: LoadSample[]; figures: OutageFigures; startedAt: number; restoredAt: number }> {
  const load = startMixedLoad(baseUrl, user);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const startedAt = performance.now();
  await outage.begin();
  await new Promise((resolve) => setTimeout(resolve, outageMs));
  await outage.end();
  const restoredAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const samples = await load.stop();
  return { samples, figures: outageFigures(samples, { startedAt, restoredAt }), startedAt, restoredAt };
}
