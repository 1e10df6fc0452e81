// send-reminders executed for real, as its hourly schedule runs it (with its dynamic key): an
// election tomorrow with its registration deadline today reaches the election topic's subscriber
// once per reminder, in their language; a second run finds both already sent (409) and mails nobody.
import { electionTopicId } from '@ballot-atlas/shared/site/topic-ids';
import { describe, expect, it } from 'vitest';
import { siteSchemaCopy } from '../../../apps/api/test/support/site-schema-copy.ts';
import { jsonCaller, useMailingServer, KEY_JSON, subscribedReader } from '../../../apps/api/test/support/messaging-http.ts';

const site = siteSchemaCopy((schema) => {
  schema['functions'] = (schema['functions'] as { $id: string }[]).filter((fn) => fn.$id === 'send-reminders');
});
const HOUR = 60 * 60 * 1000;

describe('send-reminders', () => {
  const mail = useMailingServer(site);

  const call = jsonCaller(() => mail.server, KEY_JSON);

  it('sends the election-day and registration reminders once each, in the subscriber\'s language', { timeout: 60_000 }, async () => {
    const stamp = Date.now();
    const electionId = `vote${stamp}`;
    const pollingDay = new Date(stamp + 12 * HOUR).toISOString();
    expect((await call('POST', '/databases/main/collections/elections/documents', { documentId: electionId, data: { name: `By-election ${stamp}`, slug: `by-election-${stamp}`, date: pollingDay, status: 'upcoming' } })).status).toBe(201);
    expect((await call('POST', '/databases/main/collections/events/documents', { documentId: `reg${stamp}`, data: { title: 'Registration closes', start: new Date(stamp + 6 * HOUR).toISOString(), kind: 'registration', electionId } })).status).toBe(201);
    // Far from any deadline: no reminder for this one.
    expect((await call('POST', '/databases/main/collections/elections/documents', { documentId: `later${stamp}`, data: { name: 'Later', slug: `later-${stamp}`, date: new Date(stamp + 90 * 24 * HOUR).toISOString(), status: 'upcoming' } })).status).toBe(201);

    const topicId = electionTopicId(electionId);
    while ((await call('GET', `/messaging/topics/${topicId}`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    const { email } = await subscribedReader(call, 'Amina', { language: 'fr', topicId });

    const run = async () => {
      const execution = await call('POST', '/functions/send-reminders/executions', { async: false, method: 'POST', path: '/' });
      expect(execution.body).toMatchObject({ status: 'completed', responseStatusCode: 200 });
      return JSON.parse(execution.body.responseBody) as { sent: number; already: number };
    };
    expect(await run()).toEqual({ sent: 2, already: 0 });
    const mine = () => mail.inbox.received.filter((entry) => entry.envelopeTo.includes(email));
    const deadline = Date.now() + 15_000;
    while (mine().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mine().map((entry) => entry.mail.subject).sort()).toEqual([`Demain : By-election ${stamp}`, `Dernier jour pour s’inscrire : By-election ${stamp}`]);
    expect(mine()[0]!.mail.text).toContain('Bonjour Amina,');

    expect(await run()).toEqual({ sent: 0, already: 2 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mine()).toHaveLength(2);
  });
});
