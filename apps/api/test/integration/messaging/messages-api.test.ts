// Messaging's server-side routes with an API key on one in-process server: topics (declared, and
// kept in step with elections), createEmail's drafts, schedules, de-duplication across topics,
// users and targets, its errors, and what a session may not do.
import { electionTopicId } from '@ballot-atlas/shared/site/topic-ids';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { siteSchemaCopy } from '../../support/site-schema-copy.ts';
import { GUEST_JSON as guest, jsonCaller, useMailingServer, KEY_JSON as key, subscribedReader } from '../../support/messaging-http.ts';

const site = siteSchemaCopy((schema) => {
  schema['functions'] = [];
});

describe('messaging API [sqlite]', () => {
  const mail = useMailingServer(site);

  const call = jsonCaller(() => mail.server, key);

  async function until(what: string, check: () => Promise<boolean>, ms = 10_000) {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const subscribed = (label: string) => subscribedReader(call, label);

  const mailsTo = (address: string, subject: string) => mail.inbox.received.filter((entry) => entry.envelopeTo.includes(address) && entry.mail.subject === subject);
  const settled = async (messageId: string) => {
    await until(`message ${messageId}`, async () => !['processing', 'scheduled'].includes((await call('GET', `/messaging/messages/${messageId}`)).body.status));
    return (await call('GET', `/messaging/messages/${messageId}`)).body;
  };

  it('lists the declared topics with their subscribe roles, by query and by search', async () => {
    const all = await call('GET', '/messaging/topics');
    expect(all.body.topics.filter((topic: { $id: string }) => ['contact', 'updates'].includes(topic.$id))).toEqual([
      expect.objectContaining({ $id: 'contact', name: 'Contact messages', subscribe: ['team:editors'], emailTotal: 0 }),
      expect.objectContaining({ $id: 'updates', name: 'Directory updates', subscribe: ['users'] }),
    ]);
    expect((await call('GET', '/messaging/topics?search=Directory')).body.topics.map((topic: { $id: string }) => topic.$id)).toEqual(['updates']);
    const byId = await call('GET', `/messaging/topics?queries[]=${encodeURIComponent(JSON.stringify({ method: 'equal', attribute: '$id', values: ['contact'] }))}`);
    expect(byId.body).toMatchObject({ total: 1, topics: [{ $id: 'contact' }] });
    expect(await call('GET', '/messaging/topics/nothing')).toMatchObject({ status: 404, body: { type: 'topic_not_found' } });
  });

  it('an election\'s topic follows it: created, renamed, and deleted with its subscriptions', async () => {
    const electionId = `poll${Date.now()}`;
    const topicId = electionTopicId(electionId);
    await call('POST', '/databases/main/collections/elections/documents', { documentId: electionId, data: { name: 'Runoff', slug: electionId, date: '2031-01-01T00:00:00.000+00:00', status: 'upcoming' } });
    await until('the topic', async () => (await call('GET', `/messaging/topics/${topicId}`)).status === 200);
    const reader = await subscribed('runoff');
    expect((await call('POST', `/messaging/topics/${topicId}/subscribers`, { subscriberId: 'unique()', targetId: reader.targetId }, reader.headers)).status).toBe(201);
    await call('PATCH', `/databases/main/collections/elections/documents/${electionId}`, { data: { name: 'Presidential runoff' } });
    await until('the rename', async () => (await call('GET', `/messaging/topics/${topicId}`)).body.name === 'Presidential runoff');
    await call('DELETE', `/databases/main/collections/elections/documents/${electionId}`);
    await until('the topic to go', async () => (await call('GET', `/messaging/topics/${topicId}`)).status === 404);
    expect((await call('GET', `/messaging/topics/${topicId}/subscribers`)).status).toBe(404);
  });

  it('subscribing and unsubscribing append Appwrite\'s events to the outbox, for the owner only', async () => {
    const reader = await subscribed('events');
    const list = await call('GET', '/messaging/topics/updates/subscribers', undefined, reader.headers);
    const subscriberId = list.body.subscribers[0].$id as string;
    expect((await call('DELETE', `/messaging/topics/updates/subscribers/${subscriberId}`, undefined, reader.headers)).status).toBe(204);
    const rows = (await sql<{ events: string; roles: string; channels: string }>`select events, roles, channels from _events_outbox order by seq`.execute(mail.server.app.services.dialect.db)).rows;
    const mine = rows.filter((row) => row.events.includes(`subscribers.${subscriberId}.`));
    expect(mine.map((row) => (JSON.parse(row.events) as string[])[0])).toEqual([`topics.updates.subscribers.${subscriberId}.create`, `topics.updates.subscribers.${subscriberId}.delete`]);
    expect(JSON.parse(mine[0]!.events)).toContain('topics.*.subscribers.*.create');
    expect(mine.every((row) => row.roles === JSON.stringify([`user:${reader.userId}`]) && row.channels === '[]')).toBe(true);
  });

  it('one mail per address across topics, users and targets; topic mails framed, direct ones not', async () => {
    const reader = await subscribed('overlap');
    const subject = `Overlap ${Date.now()}`;
    const sent = await call('POST', '/messaging/messages/email', { messageId: 'unique()', subject, content: 'Once only.', topics: ['updates'], users: [reader.userId], targets: [reader.targetId] });
    expect(sent).toMatchObject({ status: 201, body: { status: 'processing', topics: ['updates'], users: [reader.userId], targets: [reader.targetId] } });
    const message = await settled(sent.body.$id);
    expect(message.status).toBe('sent');
    expect(mailsTo(reader.email, subject)).toHaveLength(1);
    expect(mailsTo(reader.email, subject)[0]!.mail.text).toContain('https://atlas.example/unsubscribe?token=');

    const direct = `Direct ${Date.now()}`;
    const only = await call('POST', '/messaging/messages/email', { messageId: 'unique()', subject: direct, content: 'Just this.', users: [reader.userId] });
    await settled(only.body.$id);
    expect(mailsTo(reader.email, direct)[0]!.mail.text?.trim()).toBe('Just this.');
    expect(mailsTo(reader.email, direct)[0]!.mail.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(false);
  });

  it('a draft waits, a scheduled message goes when due, nobody is failed', async () => {
    const reader = await subscribed('schedule');
    const draft = await call('POST', '/messaging/messages/email', { messageId: 'unique()', subject: 'Draft', content: 'Not yet.', users: [reader.userId], draft: true });
    expect(draft.body.status).toBe('draft');
    const subject = `Scheduled ${Date.now()}`;
    const scheduledAt = new Date(Date.now() + 1_500).toISOString();
    const later = await call('POST', '/messaging/messages/email', { messageId: 'unique()', subject, content: 'Now.', users: [reader.userId], scheduledAt });
    expect(later.body).toMatchObject({ status: 'scheduled' });
    expect(new Date(later.body.scheduledAt).toISOString()).toBe(scheduledAt);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(reader.email, subject)).toHaveLength(0);
    expect((await settled(later.body.$id)).status).toBe('sent');
    expect(mailsTo(reader.email, subject)).toHaveLength(1);
    expect((await call('GET', `/messaging/messages/${draft.body.$id}`)).body.status).toBe('draft');
    expect(mailsTo(reader.email, 'Draft')).toHaveLength(0);
    const nobody = await call('POST', '/messaging/messages/email', { messageId: 'unique()', subject: 'Nobody', content: 'Empty.', topics: ['contact'] });
    expect(await settled(nobody.body.$id)).toMatchObject({ status: 'failed', deliveredTotal: 0, deliveryErrors: ['No valid recipients found.'] });
    const listed = await call('GET', `/messaging/messages?queries[]=${encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'status', values: ['draft'] }))}`);
    expect(listed.body.messages.map((message: { $id: string }) => message.$id)).toContain(draft.body.$id);
  });

  it('refuses a taken id, a missing topic, no recipients and a session caller', async () => {
    const first = await call('POST', '/messaging/messages/email', { messageId: 'fixed-id', subject: 'One', content: 'One.', topics: ['updates'] });
    expect(first.status).toBe(201);
    expect(await call('POST', '/messaging/messages/email', { messageId: 'fixed-id', subject: 'Two', content: 'Two.', topics: ['updates'] })).toMatchObject({ status: 409, body: { type: 'message_already_exists' } });
    expect(await call('POST', '/messaging/messages/email', { messageId: 'unique()', subject: 'X', content: 'X.', topics: ['missing'] })).toMatchObject({ status: 404, body: { type: 'topic_not_found' } });
    expect(await call('POST', '/messaging/messages/email', { messageId: 'unique()', subject: 'X', content: 'X.' })).toMatchObject({ status: 400, body: { type: 'message_missing_target' } });
    expect(await call('POST', '/messaging/messages/email', { messageId: 'unique()', subject: 'X', content: 'X.', topics: ['updates'], translations: { fr: { subject: '' } } })).toMatchObject({ status: 400, body: { type: 'general_argument_invalid' } });
    const reader = await subscribed('session');
    expect(await call('POST', '/messaging/messages/email', { messageId: 'unique()', subject: 'Spam', content: 'Spam.', topics: ['updates'] }, reader.headers)).toMatchObject({ status: 401, body: { type: 'general_unauthorized_scope' } });
    expect(await call('GET', '/messaging/topics', undefined, reader.headers)).toMatchObject({ status: 401, body: { type: 'general_unauthorized_scope' } });
  });
});
