// Realtime through the official SDKs (17.0.2: channels in the URL; 28: subscribe frames) on the
// site's schema: events of API-key writes, permissions at delivery, account events, channels.
import { expect, it } from 'vitest';
import { TEST_PROJECT } from '../support/test-server.ts';
import { signUpAndIn } from './support/accounts.ts';
import * as appwrite17 from 'appwrite17';
import * as appwrite28 from 'appwrite28';
import { runSdkHeartbeats, sdkHeartbeatsStarted, socketAfter, socketsOpened } from './support/realtime-browser.ts';
import { openSocket, subscribeWith, type LiveFeed } from './support/realtime-feeds.ts';
import { describeRealtime } from './support/realtime-suite.ts';
import { freshId, operatorAddMember, operatorCall } from './support/teams.ts';
import { APPWRITE_DATE } from './support/wire.ts';

const PARTIES = 'databases.main.collections.parties.documents';
const CONTACT = 'databases.main.collections.contact_messages.documents';

describeRealtime('realtime', (context) => {
  const v28 = () => context.sdk.version.startsWith('28.');

  async function createParty(id: string): Promise<Record<string, unknown>> {
    const reply = await operatorCall(context, 'POST', '/databases/main/collections/parties/documents', { documentId: id, data: { name: `Party ${id}`, slug: id } });
    expect(reply.status).toBe(201);
    return reply.body;
  }

  /** A message through the site's contact form: a guest may write one, only editors read them. */
  function sendContactMessage(subject: string) {
    return context.databases.createDocument('main', 'contact_messages', context.sdk.ID.unique(), { name: 'Ann Voter', email: 'ann@example.com', subject, message: 'When are the results in?' });
  }

  async function closeAll(...feeds: LiveFeed[]): Promise<void> {
    await Promise.all(feeds.map((feed) => feed.close()));
  }

  it('a document created, updated and deleted with the API key arrives with its events and the REST payload', async () => {
    const feed = await subscribeWith(context.sdk, context.endpoint, [PARTIES]);
    try {
      const id = freshId('party');
      const created = await createParty(id);
      const updated = await operatorCall(context, 'PATCH', `/databases/main/collections/parties/documents/${id}`, { data: { name: 'Renamed' } });
      expect(updated.status).toBe(200);
      expect((await operatorCall(context, 'DELETE', `/databases/main/collections/parties/documents/${id}`)).status).toBe(204);
      const expected = { create: created, update: updated.body, delete: updated.body };
      for (const [action, payload] of Object.entries(expected)) {
        const message = await feed.next((candidate) => candidate.events[0] === `${PARTIES}.${id}.${action}`);
        expect(message.events).toEqual(expect.arrayContaining([`databases.*.collections.*.documents.*.${action}`, `databases.main.collections.parties.documents.*.${action}`, `${PARTIES}.${id}`, 'databases.main']));
        expect(message.channels).toEqual([PARTIES]);
        expect(message.timestamp).toMatch(APPWRITE_DATE);
        expect(message.payload).toEqual(payload);
        if (v28()) expect(message.subscriptions).toHaveLength(1);
      }
      expect(feed.messages).toHaveLength(3);
    } finally {
      await feed.close();
    }
  });

  it('a guest does not receive a contact message; an editor does', async () => {
    const editor = await signUpAndIn(context, 'editor');
    await operatorAddMember(context, 'editors', editor.user.id, ['editor']);
    const guestFeed = await subscribeWith(context.sdk, context.endpoint, ['documents']);
    const editorFeed = await subscribeWith(context.sdk, context.endpoint, ['documents', CONTACT], editor.token);
    try {
      const contact = await sendContactMessage('Results');
      const marker = freshId('party');
      await createParty(marker);
      await guestFeed.next((message) => message.payload['$id'] === marker);
      expect(guestFeed.messages.map((message) => message.payload['$collectionId'])).toEqual(['parties']);
      const seen = await editorFeed.next((message) => message.payload['$id'] === contact.$id);
      expect(seen.channels.sort()).toEqual(['documents', CONTACT].sort());
      expect(seen.payload).toMatchObject({ subject: 'Results', email: 'ann@example.com' });
      await editorFeed.next((message) => message.payload['$id'] === marker);
      // One message per event, however many of the socket's channels it matched.
      expect(editorFeed.messages.filter((message) => message.payload['$id'] === contact.$id)).toHaveLength(1);
    } finally {
      await closeAll(guestFeed, editorFeed);
    }
  });

  it("a user receives their own account events and not another's", async () => {
    const ann = await signUpAndIn(context, 'ann');
    const bob = await signUpAndIn(context, 'bob');
    const annFeed = await subscribeWith(context.sdk, context.endpoint, ['account'], ann.token);
    const bobFeed = await subscribeWith(context.sdk, context.endpoint, ['account'], bob.token);
    try {
      await ann.connection.account.updateName('Ann Live');
      await bob.connection.account.updatePrefs({ theme: 'dark' });
      await ann.connection.account.updatePrefs({ theme: 'light' });
      const named = await annFeed.next((message) => message.events.includes(`users.${ann.user.id}.update.name`));
      expect(named.payload).toMatchObject({ $id: ann.user.id, name: 'Ann Live', email: ann.user.email });
      expect(named.channels).toEqual(['account']);
      expect(named.events).toContain('users.*.update.name');
      await annFeed.next((message) => message.events.includes(`users.${ann.user.id}.update.prefs`));
      await bobFeed.next((message) => message.events.includes(`users.${bob.user.id}.update.prefs`));
      expect(annFeed.messages.every((message) => message.payload['$id'] === ann.user.id)).toBe(true);
      expect(bobFeed.messages.map((message) => message.events.includes(`users.${bob.user.id}.update.prefs`))).toEqual([true]);
    } finally {
      await closeAll(annFeed, bobFeed);
    }
  });

  it('signing in, joining the editors team and signing out on an open socket change what arrives', async () => {
    const user = await signUpAndIn(context, 'late');
    const channels = ['account', CONTACT, PARTIES, 'memberships'];
    // SDK 17's protocol names the channels in the URL; SDK 28's in a subscribe frame.
    const socket = v28() ? openSocket(context.endpoint, `project=${TEST_PROJECT}`) : openSocket(context.endpoint, `project=${TEST_PROJECT}&${channels.map((channel) => `channels%5B%5D=${channel}`).join('&')}`);
    const events = () => socket.frames.filter((frame) => frame.type === 'event').map((frame) => frame.data);
    try {
      const connected = await socket.frame((frame) => frame.type === 'connected');
      expect(connected.data.user).toBeNull();
      if (v28()) {
        socket.sendJson({ type: 'subscribe', data: [{ subscriptionId: 'watch', channels, queries: [] }] });
        const answer = await socket.frame((frame) => frame.type === 'response');
        expect(answer.data).toEqual({ to: 'subscribe', success: true, subscriptions: [{ subscriptionId: 'watch', channels, queries: [] }] });
      }
      await user.connection.account.updateName('While a guest');
      socket.sendJson({ type: 'authentication', data: { session: user.token } });
      const answer = await socket.frame((frame) => frame.type === 'response' && frame.data.to === 'authentication');
      expect(answer.data).toMatchObject({ success: true, user: { $id: user.user.id, name: 'While a guest' } });
      await user.connection.account.updateName('Signed in');
      await socket.frame((frame) => frame.type === 'event' && frame.data.payload.name === 'Signed in');
      expect(events().map((event) => event.payload.name)).toEqual(['Signed in']);

      const before = await sendContactMessage('Before joining');
      const membership = await operatorAddMember(context, 'editors', user.user.id, ['editor']);
      // Roles are resolved again before the membership's own event is delivered: the new member receives it.
      const joined = await socket.frame((frame) => frame.type === 'event' && frame.data.payload.$id === membership.$id);
      expect(joined.data.events[0]).toBe(`teams.editors.memberships.${membership.$id}.create`);
      expect(joined.data.channels).toEqual(['memberships']);
      const after = await sendContactMessage('After joining');
      await socket.frame((frame) => frame.type === 'event' && frame.data.payload.$id === after.$id);
      expect(events().some((event) => event.payload.$id === before.$id)).toBe(false);

      await user.connection.account.deleteSession('current');
      const signedOut = await sendContactMessage('After signing out');
      const marker = freshId('party');
      await createParty(marker);
      await socket.frame((frame) => frame.type === 'event' && frame.data.payload.$id === marker);
      expect(events().some((event) => event.payload.$id === signedOut.$id)).toBe(false);
      if (v28()) expect(events().every((event) => event.subscriptions.join() === 'watch')).toBe(true);
    } finally {
      socket.close();
      await socket.closed;
    }
  });

  it('an unknown project: the SDK gets 1008 and does not reconnect (seed §8)', async () => {
    const before = socketsOpened();
    let stop: () => unknown;
    if (v28()) {
      const realtime = new appwrite28.Realtime(new appwrite28.Client().setEndpoint(context.endpoint).setProject('nosuchproject'));
      await realtime.subscribe(['documents'], () => {});
      stop = () => realtime.disconnect();
    } else {
      stop = new appwrite17.Client().setEndpoint(context.endpoint).setProject('nosuchproject').subscribe(['documents'], () => {});
    }
    const socket = await socketAfter(before);
    expect((await socket.frame((frame) => frame.type === 'error')).data).toEqual({ code: 1008, message: 'Missing or unknown project ID' });
    expect((await socket.closed).code).toBe(1008);
    // The SDKs' first retry would come after 1 s.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(socketsOpened()).toBe(before + 1);
    await stop();
  });

  it('only the subscribed channels; a resource channel receives only its resource', async () => {
    const mine = freshId('party');
    const other = freshId('party');
    const single = await subscribeWith(context.sdk, context.endpoint, [`${PARTIES}.${mine}`]);
    const files = await subscribeWith(context.sdk, context.endpoint, ['files', 'account']);
    const wide = await subscribeWith(context.sdk, context.endpoint, [`${PARTIES}.create`]);
    const rows = await subscribeWith(context.sdk, context.endpoint, ['tablesdb.main.tables.parties.rows']);
    try {
      await createParty(other);
      await createParty(mine);
      const message = await single.next((candidate) => candidate.payload['$id'] === mine);
      expect(message.channels).toEqual([`${PARTIES}.${mine}`]);
      await wide.next((candidate) => candidate.payload['$id'] === mine);
      expect(wide.messages.map((candidate) => [candidate.payload['$id'], candidate.channels])).toEqual([[other, [`${PARTIES}.create`]], [mine, [`${PARTIES}.create`]]]);
      expect(single.messages).toHaveLength(1);
      await rows.next((candidate) => candidate.payload['$id'] === mine);
      expect(rows.messages.map((candidate) => [candidate.payload['$id'], candidate.channels])).toEqual([[other, ['tablesdb.main.tables.parties.rows']], [mine, ['tablesdb.main.tables.parties.rows']]]);
      expect(files.messages).toHaveLength(0);
    } finally {
      await closeAll(single, files, wide, rows);
    }
  });

  it("the SDK's own heartbeat ping gets a pong, and the socket stays open", async () => {
    const before = sdkHeartbeatsStarted();
    const feed = await subscribeWith(context.sdk, context.endpoint, [PARTIES]);
    try {
      expect(runSdkHeartbeats(before)).toBe(1);
      await feed.socket.frame((frame) => frame.type === 'pong');
      const id = freshId('party');
      await createParty(id);
      await feed.next((message) => message.payload['$id'] === id);
      expect(feed.socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      await closeAll(feed);
    }
  });

  it.skipIf(!v28())('SDK 28 subscription queries: each subscription receives only the documents its queries keep', async () => {
    const { Query } = appwrite28;
    const mine = freshId('party');
    const other = freshId('party');
    const bySlug = await subscribeWith(context.sdk, context.endpoint, [PARTIES], undefined, [Query.equal('slug', [mine])]);
    const either = await subscribeWith(context.sdk, context.endpoint, [PARTIES], undefined, [Query.or([Query.equal('slug', [mine]), Query.equal('slug', [other])]), Query.isNotNull('slug')]);
    const none = await subscribeWith(context.sdk, context.endpoint, [PARTIES], undefined, [Query.and([Query.equal('slug', [mine]), Query.notEqual('slug', [mine])])]);
    const everything = await subscribeWith(context.sdk, context.endpoint, [PARTIES], undefined, [Query.select(['*']), Query.equal('slug', ['nobody'])]);
    try {
      await createParty(other);
      await createParty(mine);
      await bySlug.next((message) => message.payload['$id'] === mine);
      await either.next((message) => message.payload['$id'] === mine);
      await everything.next((message) => message.payload['$id'] === mine);
      const ids = (feed: LiveFeed) => feed.messages.map((message) => message.payload['$id']);
      expect(ids(bySlug)).toEqual([mine]);
      expect(ids(either)).toEqual([other, mine]);
      expect(ids(everything)).toEqual([other, mine]);
      expect(ids(none)).toEqual([]);
    } finally {
      await closeAll(bySlug, either, none, everything);
    }
  });

  it.skipIf(!v28())('SDK 28 subscription queries Appwrite does not filter by are refused with 1003, and the socket stays', async () => {
    const { Query } = appwrite28;
    const before = socketsOpened();
    const realtime = new appwrite28.Realtime(new appwrite28.Client().setEndpoint(context.endpoint).setProject(TEST_PROJECT));
    try {
      await realtime.subscribe([PARTIES], () => {}, [Query.contains('name', ['Party'])]);
      const socket = await socketAfter(before);
      const refusal = await socket.frame((frame) => frame.type === 'error');
      expect(refusal.data).toEqual({
        code: 1003,
        message: "Invalid query: Query method 'contains' is not supported in Realtime queries. Allowed: equal, notEqual, lessThan, lessThanEqual, greaterThan, greaterThanEqual, isNull, isNotNull, and, or, select",
      });
      await realtime.subscribe([PARTIES], () => {}, [Query.select(['name'])]);
      const second = await socket.frame((frame) => frame.type === 'error' && frame !== refusal);
      expect(second.data).toEqual({ code: 1003, message: 'Invalid query: Only select("*") is allowed in Realtime queries. select("*") means "listen to all events".' });
      expect(socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      await realtime.disconnect();
    }
  });

  it.skipIf(!v28())('SDK 28 presence frames are refused with 1003 (no presence store here); subscriptions keep working', async () => {
    const before = socketsOpened();
    const received: string[] = [];
    const realtime = new appwrite28.Realtime(new appwrite28.Client().setEndpoint(context.endpoint).setProject(TEST_PROJECT));
    try {
      await realtime.subscribe([PARTIES], (message) => received.push(String((message.payload as { $id?: unknown }).$id)));
      const socket = await socketAfter(before);
      await socket.frame((frame) => frame.type === 'response' && frame.data.to === 'subscribe');
      await realtime.upsertPresence({ status: 'online', presenceId: context.sdk.ID.unique() });
      expect((await socket.frame((frame) => frame.type === 'error')).data).toEqual({ code: 1003, message: 'Message type is not valid.' });
      const id = freshId('party');
      await createParty(id);
      await expect.poll(() => received).toContain(id);
      expect(socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      await realtime.disconnect();
    }
  });
});
