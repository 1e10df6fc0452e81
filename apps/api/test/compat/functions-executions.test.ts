// Function executions through the official SDKs: sync, async, scheduled, listing and reading, and
// who may run and read what. Expectations follow Appwrite (Functions/Http/Executions/Create.php,
// Get.php, XList.php and tests/e2e/Services/Functions).
import { expect, it } from 'vitest';
import { schemaFileWithFunctions } from '../support/schema-variants.ts';
import { TEST_API_KEY, TEST_PROJECT } from '../support/test-server.ts';
import { signUpAndIn } from './support/accounts.ts';
import { describeCompat, type CompatContext } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import { connectFunctions, type WireExecution } from './support/functions-api.ts';
import { APPWRITE_DATE } from './support/wire.ts';

const SCHEMA_FILE = schemaFileWithFunctions([
  { $id: 'echo', name: 'Echo', execute: ['any'], timeout: 3, scopes: ['execution.read'] },
  { $id: 'members', name: 'Members only', execute: ['users'], timeout: 3 },
  { $id: 'off', name: 'Disabled', execute: ['any'], enabled: false },
]);

async function waitForStatus(read: () => Promise<WireExecution>, statuses: string[], timeoutMs = 15_000): Promise<WireExecution> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const execution = await read();
    if (statuses.includes(execution.status)) return execution;
    if (Date.now() > deadline) throw new Error(`execution still ${execution.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The execution as the operator key reads it (logs and errors included). */
async function operatorGet(context: CompatContext, functionId: string, executionId: string): Promise<WireExecution> {
  const response = await fetch(`${context.endpoint}/functions/${functionId}/executions/${executionId}`, { headers: { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY } });
  return (await response.json()) as WireExecution;
}

const header = (execution: WireExecution, name: string) => execution.responseHeaders.find((entry) => entry.name.toLowerCase() === name)?.value;

describeCompat('functions executions', (context) => {
  const guest = () => connectFunctions(context.sdk, context.endpoint);

  it('sync: passes body, method, path with query and headers through, and answers 201 with the function response', async () => {
    const execution = await guest().createExecution('echo', 'hello body', false, '/some/path?status=202&x=1', 'PUT', { 'content-type': 'text/plain', 'x-custom': 'custom value' });
    expect(execution).toMatchObject({
      functionId: 'echo', resourceId: 'echo', resourceType: 'functions', trigger: 'http', status: 'completed',
      requestMethod: 'PUT', requestPath: '/some/path?status=202&x=1', responseStatusCode: 202, logs: '', errors: '', $permissions: [],
    });
    expect(execution.$createdAt).toMatch(APPWRITE_DATE);
    expect(execution.duration).toBeGreaterThan(0);
    expect(execution.requestHeaders.map((entry) => entry.name).sort()).toEqual(['content-type', 'x-appwrite-client-ip']);
    expect(header(execution, 'x-echo')).toBe('yes');
    expect(header(execution, 'x-appwrite-execution-id')).toBe(execution.$id);
    const seen = JSON.parse(execution.responseBody);
    expect(seen).toMatchObject({ method: 'PUT', path: '/some/path', query: { status: '202', x: '1' }, body: 'hello body', hasKey: true, env: { id: 'echo', project: TEST_PROJECT, runtime: 'Node.js' } });
    expect(seen.headers).toMatchObject({ 'x-custom': 'custom value', 'x-appwrite-trigger': 'http', 'x-appwrite-user-id': '', 'x-appwrite-execution-id': execution.$id });

    // Stored, it keeps only content-type and content-length of the response, and no body.
    const stored = await operatorGet(context, 'echo', execution.$id);
    expect(stored.responseBody).toBe('');
    const storedNames = stored.responseHeaders.map((entry) => entry.name);
    expect(storedNames).toContain('content-type');
    expect(storedNames.every((name) => name === 'content-type' || name === 'content-length')).toBe(true);
    expect(stored.logs).toContain('ran PUT /some/path');
    expect(stored.errors).toContain('a line on stderr');
  });

  it('sync as a user: the function gets the user id and a JWT acting as the session; only that user reads the execution', async () => {
    const owner = await signUpAndIn(context, 'runner');
    const other = await signUpAndIn(context, 'other');
    const mine = connectFunctions(context.sdk, context.endpoint, owner.token);
    const execution = await mine.createExecution('echo', '', false, '/whoami', 'GET');
    expect(execution.$permissions).toEqual([`read("user:${owner.user.id}")`]);
    const seen = JSON.parse(execution.responseBody);
    expect(seen.userId).toBe(owner.user.id);
    // The dynamic key holds the function's scopes (execution.read) and nothing else.
    expect(seen).toMatchObject({ keyRead: 200, keyWrite: 401 });
    expect((await mine.getExecution('echo', execution.$id)).logs).toBe('');
    await expectSdkError(context.sdk, () => connectFunctions(context.sdk, context.endpoint, other.token).getExecution('echo', execution.$id), { code: 404, type: 'execution_not_found' });
    expect((await connectFunctions(context.sdk, context.endpoint, other.token).listExecutions('echo')).executions.map((entry) => entry.$id)).not.toContain(execution.$id);

    // The key stops working once it expires (timeout + 60 s); a forged one never works.
    const forged = `${String(seen.key).slice(0, -4)}AAAA`;
    const refused = await fetch(`${context.endpoint}/functions/echo/executions`, { headers: { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': forged } });
    expect(refused.status).toBe(401);
    expect((await refused.json()).type).toBe('project_key_expired');
  });

  it('async: answers 202 waiting at once, then runs from the queue to completed', async () => {
    const user = await signUpAndIn(context, 'async');
    const functions = connectFunctions(context.sdk, context.endpoint, user.token);
    const accepted = await functions.createExecution('echo', 'queued', true, '/queued', 'POST');
    expect(accepted).toMatchObject({ status: 'waiting', trigger: 'http', responseStatusCode: 0, requestPath: '/queued', scheduledAt: null });
    const done = await waitForStatus(() => functions.getExecution('echo', accepted.$id), ['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', responseStatusCode: 200, responseBody: '' });
    expect(done.duration).toBeGreaterThan(0);
  });

  it('scheduledAt: refused without async, in the past or off the minute; a future minute is accepted as scheduled', async () => {
    const user = await signUpAndIn(context, 'scheduler');
    const functions = connectFunctions(context.sdk, context.endpoint, user.token);
    const nextMinutes = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 120_000);
    const badRequest = { code: 400, type: 'general_bad_request' };
    const refusal = await expectSdkError(context.sdk, () => functions.createExecution('echo', '', false, '/', 'POST', {}, nextMinutes.toISOString()), badRequest);
    expect(refusal.message).toContain('Scheduled executions must run asynchronously');
    await expectSdkError(context.sdk, () => functions.createExecution('echo', '', true, '/', 'POST', {}, new Date(Date.now() - 3_600_000).toISOString()), badRequest);
    await expectSdkError(context.sdk, () => functions.createExecution('echo', '', true, '/', 'POST', {}, new Date(nextMinutes.getTime() + 30_000).toISOString()), badRequest);
    const scheduled = await functions.createExecution('echo', '', true, '/later', 'POST', {}, nextMinutes.toISOString());
    expect(scheduled).toMatchObject({ status: 'scheduled', trigger: 'schedule', scheduledAt: nextMinutes.toISOString().replace('Z', '+00:00') });
  });

  it('list: the caller sees its executions, filtered and ordered by queries; guests may not list', async () => {
    const user = await signUpAndIn(context, 'lister');
    const functions = connectFunctions(context.sdk, context.endpoint, user.token);
    const { Query } = context.sdk;
    const get = await functions.createExecution('echo', '', false, '/a', 'GET');
    const post = await functions.createExecution('echo', '', false, '/b?status=404', 'POST');
    expect((await functions.listExecutions('echo')).total).toBe(2);
    expect((await functions.listExecutions('echo', [Query.equal('requestMethod', 'GET')])).executions.map((entry) => entry.$id)).toEqual([get.$id]);
    expect((await functions.listExecutions('echo', [Query.equal('responseStatusCode', 404)])).executions.map((entry) => entry.$id)).toEqual([post.$id]);
    expect((await functions.listExecutions('echo', [Query.orderDesc('$createdAt'), Query.limit(1)])).executions.map((entry) => entry.$id)).toEqual([post.$id]);
    expect((await functions.listExecutions('echo', [Query.cursorAfter(get.$id)])).executions.map((entry) => entry.$id)).toEqual([post.$id]);
    await expectSdkError(context.sdk, () => functions.listExecutions('echo', [Query.equal('logs', 'x')]), { code: 400, type: 'general_argument_invalid' });
    await expectSdkError(context.sdk, () => guest().listExecutions('echo'), { code: 401, type: 'general_unauthorized_scope' });
  });

  it('execute roles, unknown and disabled functions, and bad headers are refused as Appwrite refuses them', async () => {
    await expectSdkError(context.sdk, () => guest().createExecution('members'), { code: 401, type: 'user_unauthorized' });
    const user = await signUpAndIn(context, 'member');
    expect((await connectFunctions(context.sdk, context.endpoint, user.token).createExecution('members')).status).toBe('completed');
    await expectSdkError(context.sdk, () => guest().createExecution('nope'), { code: 404, type: 'function_not_found' });
    await expectSdkError(context.sdk, () => guest().createExecution('off'), { code: 404, type: 'function_not_found' });
    await expectSdkError(context.sdk, () => guest().createExecution('echo', '', false, '/', 'POST', { 'x-appwrite-user-id': 'someone' }), { code: 400, type: 'general_argument_invalid' });
    await expectSdkError(context.sdk, () => guest().createExecution('echo', '', false, '/', 'TRACE'), { code: 400, type: 'general_argument_invalid' });
  });

  it('a throwing, a timing-out and an out-of-memory function each end failed, and the server keeps answering', async () => {
    const thrown = await guest().createExecution('echo', '', false, '/throw');
    expect(thrown).toMatchObject({ status: 'failed', responseStatusCode: 500 });
    expect((await operatorGet(context, 'echo', thrown.$id)).errors).toContain('thrown on purpose');
    const timedOut = await guest().createExecution('echo', '', false, '/loop');
    expect(timedOut).toMatchObject({ status: 'failed', responseStatusCode: 500 });
    expect((await operatorGet(context, 'echo', timedOut.$id)).errors).toContain('timed out');
    const starved = await guest().createExecution('echo', '', true, '/oom');
    expect(await waitForStatus(() => operatorGet(context, 'echo', starved.$id), ['completed', 'failed'], 30_000)).toMatchObject({ status: 'failed', responseStatusCode: 500 });
    expect((await guest().createExecution('echo', 'still here')).status).toBe('completed');
  }, 60_000);
}, { env: { SCHEMA_FILE } });
