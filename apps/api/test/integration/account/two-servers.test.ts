// Two servers on one database (PostgreSQL behind a load balancer, or a restart on SQLite) share
// everything a signed-in client holds: a session, a JWT, and a half-finished recovery.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fails, linkIn, ok, signIn, signUp, SITE_PAGE } from '../../support/account-http.ts';
import { readOutbox } from '../../support/outbox.ts';
import { describeEachEngine } from '../../support/scenario.ts';
import { newTestStorage, removeTestData, startTestServer, type TestServer } from '../../support/test-server.ts';
import { outboxDir } from '../../../src/mail/index.ts';

describeEachEngine('account across two servers on one database', (engine) => {
  const storage = newTestStorage();
  let first: TestServer | undefined;
  let second: TestServer | undefined;
  beforeAll(async () => {
    first = await startTestServer({ engine, ...storage, keepData: true, env: { ABUSE_LIMITS: 'disabled' } });
    second = await startTestServer({ engine, ...storage, keepData: true, env: { ABUSE_LIMITS: 'disabled' } });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await removeTestData(engine, storage);
  });

  it('a session and a JWT made by one server work on the other', async () => {
    const user = await signUp(first!, 'twoservers');
    const { token } = await signIn(first!, user);
    expect((await ok(second!, 'GET', '/account', { session: token })).$id).toBe(user.id);
    const { jwt } = await ok(first!, 'POST', '/account/jwts', { session: token });
    expect((await ok(second!, 'GET', '/account', { headers: { 'x-appwrite-jwt': jwt } })).$id).toBe(user.id);

    await ok(second!, 'DELETE', '/account/sessions/current', { session: token });
    await fails(first!, 'GET', '/account', { code: 401, type: 'general_unauthorized_scope' }, { session: token });
    await fails(first!, 'GET', '/account', { code: 401, type: 'user_jwt_invalid' }, { headers: { 'x-appwrite-jwt': jwt } });
  });

  it('a recovery link mailed by one server is accepted by the other, once', async () => {
    const user = await signUp(first!, 'tworecovery');
    await ok(first!, 'POST', '/account/recovery', { body: { email: user.email, url: SITE_PAGE } });
    const mail = (await readOutbox(outboxDir(first!.dataDir))).filter((message) => message.to === user.email).at(-1)!;
    const secret = linkIn(mail.text).searchParams.get('secret');
    await ok(second!, 'PUT', '/account/recovery', { body: { userId: user.id, secret, password: 'set-on-the-other-server' } });
    await fails(first!, 'PUT', '/account/recovery', { code: 401, type: 'user_invalid_token' }, { body: { userId: user.id, secret, password: 'and-again-on-the-first' } });
    await signIn(first!, { email: user.email, password: 'set-on-the-other-server' });
  });
});
