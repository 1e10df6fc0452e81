// Topic subscriptions through the official web SDKs (17.0.2 and 28), as the profile page makes
// them: a signed-in user subscribes their e-mail target to `updates` and to an election's topic.
// Errors follow Appwrite (app/controllers/api/messaging.php, createSubscriber/deleteSubscriber),
// plus this server's rule that a session may only subscribe its own target (decision 019).
import { electionTopicId } from '@ballot-atlas/shared/site/topic-ids';
import { afterAll, expect, it } from 'vitest';
import { totpCode } from '../../src/services/account/primitives/totp.ts';
import { siteSchemaCopy } from '../support/site-schema-copy.ts';
import { TEST_PROJECT } from '../support/test-server.ts';
import { signIn, signUp, withSession, type TestUser } from './support/accounts.ts';
import { describeCompat, type CompatContext } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import { connectMessaging } from './support/messaging-api.ts';
import { freshId, operatorCall } from './support/teams.ts';
import { APPWRITE_DATE } from './support/wire.ts';

const site = siteSchemaCopy((schema) => {
  // Functions are not under test here; without them each server starts faster.
  schema['functions'] = [];
});
afterAll(() => site.remove());

interface Subscriber {
  user: TestUser;
  token: string;
  targetId: string;
  messaging: ReturnType<typeof connectMessaging>;
}

async function subscriberUser(context: CompatContext, label: string): Promise<Subscriber> {
  const user = await signUp(context, label);
  const { token, connection } = await signIn(context, user);
  const account = await connection.account.get();
  const target = (account as unknown as { targets: { $id: string; providerType: string }[] }).targets.find((entry) => entry.providerType === 'email')!;
  return { user, token, targetId: target.$id, messaging: connectMessaging(context.sdk, context.endpoint, TEST_PROJECT, token) };
}

/** An election made with the key; its topic appears once the outbox consumer has seen the event. */
async function electionTopic(context: CompatContext, name: string): Promise<string> {
  const electionId = freshId('election');
  const created = await operatorCall(context, 'POST', '/databases/main/collections/elections/documents', {
    documentId: electionId, data: { name, slug: electionId.toLowerCase(), date: '2031-05-04T00:00:00.000+00:00', status: 'upcoming' },
  });
  expect(created.status).toBe(201);
  const topicId = electionTopicId(electionId);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const topic = await operatorCall(context, 'GET', `/messaging/topics/${topicId}`);
    if (topic.status === 200) {
      expect(topic.body).toMatchObject({ $id: topicId, name, subscribe: ['users'] });
      return topicId;
    }
    if (Date.now() > deadline) throw new Error(`no topic for election ${electionId}: ${JSON.stringify(topic.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeCompat(
  'messaging subscribers',
  (context) => {
    it('a signed-in user subscribes their e-mail target to updates and to an election, and gets the Subscriber model', async () => {
      const amina = await subscriberUser(context, 'amina');
      const topicId = await electionTopic(context, 'General election 2031');
      const toUpdates = await amina.messaging.createSubscriber('updates', context.sdk.ID.unique(), amina.targetId);
      expect(toUpdates).toMatchObject({
        targetId: amina.targetId, userId: amina.user.id, userName: amina.user.name, topicId: 'updates', providerType: 'email',
        target: { $id: amina.targetId, userId: amina.user.id, providerType: 'email', identifier: amina.user.email, expired: false },
      });
      expect(toUpdates.$id).toMatch(/^[a-z0-9]{20}$/);
      expect(toUpdates.$createdAt).toMatch(APPWRITE_DATE);
      const toElection = await amina.messaging.createSubscriber(topicId, 'aminaElection', amina.targetId);
      expect(toElection).toMatchObject({ $id: 'aminaElection', topicId, userId: amina.user.id });
      const topic = await operatorCall(context, 'GET', `/messaging/topics/${topicId}`);
      expect(topic.body).toMatchObject({ emailTotal: 1, smsTotal: 0, pushTotal: 0 });
      // The user lists only their own subscriptions (through the REST call the profile page makes).
      const own = await fetch(`${context.endpoint}/messaging/topics/updates/subscribers`, { headers: { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-session': amina.token } });
      expect(((await own.json()) as { subscribers: { userId: string }[] }).subscribers.map((entry) => entry.userId)).toEqual([amina.user.id]);
    });

    it('a missing topic is 404 topic_not_found, another user\'s target 404 user_target_not_found', async () => {
      const bakari = await subscriberUser(context, 'bakari');
      const chloe = await subscriberUser(context, 'chloe');
      await expectSdkError(context.sdk, () => bakari.messaging.createSubscriber('no-such-topic', context.sdk.ID.unique(), bakari.targetId), { code: 404, type: 'topic_not_found' });
      await expectSdkError(context.sdk, () => bakari.messaging.createSubscriber('updates', context.sdk.ID.unique(), chloe.targetId), { code: 404, type: 'user_target_not_found' });
      await expectSdkError(context.sdk, () => bakari.messaging.createSubscriber('updates', context.sdk.ID.unique(), 'no-such-target'), { code: 404, type: 'user_target_not_found' });
      const listed = await operatorCall(context, 'GET', `/messaging/topics/updates/subscribers?queries[]=${encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'targetId', values: [chloe.targetId] }))}`);
      expect(listed.body).toMatchObject({ total: 0 });
    });

    it('contact is for editors only: a plain user is 401 user_unauthorized', async () => {
      const dede = await subscriberUser(context, 'dede');
      await expectSdkError(context.sdk, () => dede.messaging.createSubscriber('contact', context.sdk.ID.unique(), dede.targetId), { code: 401, type: 'user_unauthorized' });
    });

    it('a duplicate is 409 subscriber_already_exists, by id and by the same target on the same topic', async () => {
      const emeka = await subscriberUser(context, 'emeka');
      const first = await emeka.messaging.createSubscriber('updates', freshId('sub'), emeka.targetId);
      await expectSdkError(context.sdk, () => emeka.messaging.createSubscriber('updates', first.$id, emeka.targetId), { code: 409, type: 'subscriber_already_exists' });
      await expectSdkError(context.sdk, () => emeka.messaging.createSubscriber('updates', context.sdk.ID.unique(), emeka.targetId), { code: 409, type: 'subscriber_already_exists' });
    });

    it('delete is 204, then 404 subscriber_not_found; another user cannot delete it', async () => {
      const fatma = await subscriberUser(context, 'fatma');
      const gabriel = await subscriberUser(context, 'gabriel');
      const subscriber = await fatma.messaging.createSubscriber('updates', context.sdk.ID.unique(), fatma.targetId);
      await expectSdkError(context.sdk, () => gabriel.messaging.deleteSubscriber('updates', subscriber.$id), { code: 404, type: 'subscriber_not_found' });
      const deleted = await fetch(`${context.endpoint}/messaging/topics/updates/subscribers/${subscriber.$id}`, { method: 'DELETE', headers: { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-session': fatma.token } });
      expect(deleted.status).toBe(204);
      await expectSdkError(context.sdk, () => fatma.messaging.deleteSubscriber('updates', subscriber.$id), { code: 404, type: 'subscriber_not_found' });
      // The SDK call itself deletes too, and the topic's total goes back down.
      const emailTotal = async () => ((await operatorCall(context, 'GET', '/messaging/topics/updates')).body as { emailTotal: number }).emailTotal;
      const before = await emailTotal();
      const again = await fatma.messaging.createSubscriber('updates', context.sdk.ID.unique(), fatma.targetId);
      expect(await emailTotal()).toBe(before + 1);
      await fatma.messaging.deleteSubscriber('updates', again.$id);
      expect(await emailTotal()).toBe(before);
    });

    it('a changed e-mail address keeps the subscription, which follows the new address', async () => {
      const user = await signUp(context, 'ines');
      const signedIn = await signIn(context, user);
      const targetId = ((await signedIn.connection.account.get()) as unknown as { targets: { $id: string }[] }).targets[0]!.$id;
      const messaging = connectMessaging(context.sdk, context.endpoint, TEST_PROJECT, signedIn.token);
      const subscriber = await messaging.createSubscriber('updates', context.sdk.ID.unique(), targetId);
      const moved = `moved-${user.email}`;
      await signedIn.connection.account.updateEmail(moved, user.password);
      const read = await fetch(`${context.endpoint}/messaging/topics/updates/subscribers/${subscriber.$id}`, { headers: { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-session': signedIn.token } });
      expect(await read.json()).toMatchObject({ $id: subscriber.$id, targetId, target: { $id: targetId, identifier: moved } });
    });

    it('with two-step sign-in on, the enrolling session and a session past its TOTP challenge read and change subscriptions; a half-signed-in one is refused', async () => {
      const jabari = await subscriberUser(context, 'jabari');
      const account = withSession(context, jabari.token).account;
      const { secret } = await account.createMfaAuthenticator('totp');
      await account.updateMfaAuthenticator('totp', totpCode(secret));
      expect((await account.updateMFA(true)).mfa).toBe(true);
      await account.createMfaRecoveryCodes();
      const ownSubscribers = (token: string) => fetch(`${context.endpoint}/messaging/topics/updates/subscribers`, { headers: { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-session': token } });

      // The session that turned it on (as the profile page reloads right after).
      const listed = await ownSubscribers(jabari.token);
      expect(listed.status).toBe(200);
      expect(await listed.json()).toMatchObject({ total: 0 });
      const subscriber = await jabari.messaging.createSubscriber('updates', context.sdk.ID.unique(), jabari.targetId);

      // A new sign-in: refused until the challenge is done, then the same as before.
      const fresh = await signIn(context, jabari.user);
      const halfway = await ownSubscribers(fresh.token);
      expect(halfway.status).toBe(401);
      expect(await halfway.json()).toMatchObject({ type: 'user_more_factors_required' });
      const challenge = await fresh.connection.account.createMfaChallenge('totp');
      await fresh.connection.account.updateMfaChallenge(challenge.$id, totpCode(secret));
      const afterChallenge = await ownSubscribers(fresh.token);
      expect(((await afterChallenge.json()) as { subscribers: { $id: string }[] }).subscribers.map((entry) => entry.$id)).toEqual([subscriber.$id]);
      await connectMessaging(context.sdk, context.endpoint, TEST_PROJECT, fresh.token).deleteSubscriber('updates', subscriber.$id);
      expect(await (await ownSubscribers(jabari.token)).json()).toMatchObject({ total: 0, subscribers: [] });
    });

    it('a guest is 401', async () => {
      const hana = await subscriberUser(context, 'hana');
      const guest = connectMessaging(context.sdk, context.endpoint, TEST_PROJECT);
      await expectSdkError(context.sdk, () => guest.createSubscriber('updates', context.sdk.ID.unique(), hana.targetId), { code: 401, type: 'general_unauthorized_scope' });
    });
  },
  { schemaFile: site.file },
);
