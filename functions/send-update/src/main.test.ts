// send-update executed for real: an editor runs it (execute team:editors) through the server's
// Functions API, as the console's "Send an update" page does; the function validates the request
// and queues the message with its dynamic key; each subscriber gets it once, in their language.
// A visitor who is not an editor may not run it; a bad request is a 400 with a clear message.
import { describe, expect, it } from 'vitest';
import { siteSchemaCopy } from '../../../apps/api/test/support/site-schema-copy.ts';
import { GUEST_JSON as guest, jsonCaller, useMailingServer, KEY_JSON as key, subscribedReader } from '../../../apps/api/test/support/messaging-http.ts';

const site = siteSchemaCopy((schema) => {
  schema['functions'] = (schema['functions'] as { $id: string }[]).filter((fn) => fn.$id === 'send-update');
});

describe('send-update', () => {
  const mail = useMailingServer(site);

  const call = jsonCaller(() => mail.server, guest);

  const reader = (label: string, language: string, editor = false) => subscribedReader(call, label, { language, editor });

  const execute = (headers: Record<string, string>, body: unknown) => call('POST', '/functions/send-update/executions', { body: JSON.stringify(body), async: false, method: 'POST', path: '/' }, headers);

  async function mailsTo(address: string, subject: string, count: number) {
    const deadline = Date.now() + 15_000;
    const matching = () => mail.inbox.received.filter((entry) => entry.envelopeTo.includes(address) && entry.mail.subject === subject);
    while (matching().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    return matching();
  }

  it('an editor sends an update: each subscriber gets it once, in their language, with an unsubscribe link', { timeout: 60_000 }, async () => {
    const editor = await reader('editor', 'en', true);
    const french = await reader('lectrice', 'fr');
    const stamp = Date.now();
    const run = await execute(editor.headers, {
      topicId: 'updates', subject: `Lists updated ${stamp}`, content: 'The district lists were corrected.',
      translations: { fr: { subject: `Listes mises à jour ${stamp}`, content: 'Les listes des districts ont été corrigées.' } },
    });
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({ status: 'completed', responseStatusCode: 200 });
    const { messageId } = JSON.parse(run.body.responseBody) as { messageId: string };
    expect(messageId).toMatch(/^[a-z0-9]{20}$/);
    const [english] = await mailsTo(editor.email, `Lists updated ${stamp}`, 1);
    const [inFrench] = await mailsTo(french.email, `Listes mises à jour ${stamp}`, 1);
    expect(english?.mail.text).toContain('The district lists were corrected.');
    expect(inFrench?.mail.text).toContain('Les listes des districts ont été corrigées.');
    expect(inFrench?.mail.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(true);
    const message = async () => (await call('GET', `/messaging/messages/${messageId}`, undefined, key)).body;
    while ((await message()).status === 'processing') await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await message()).toMatchObject({ status: 'sent', deliveredTotal: 2, topics: ['updates'] });
    expect(mail.inbox.received.filter((entry) => entry.mail.subject?.endsWith(String(stamp)))).toHaveLength(2);
  });

  it('refuses a missing topic, an empty subject and a visitor who is not an editor', { timeout: 60_000 }, async () => {
    const editor = await reader('editor2', 'en', true);
    const missing = await execute(editor.headers, { topicId: 'no-such-topic', subject: 'Hello', content: 'Body' });
    expect(missing.body).toMatchObject({ responseStatusCode: 400 });
    expect(JSON.parse(missing.body.responseBody)).toEqual({ message: 'There is no topic "no-such-topic".' });
    const empty = await execute(editor.headers, { topicId: 'updates', subject: '  ', content: 'Body' });
    expect(JSON.parse(empty.body.responseBody)).toEqual({ message: 'subject must be a non-empty string.' });
    const visitor = await reader('visitor', 'sw');
    const refused = await execute(visitor.headers, { topicId: 'updates', subject: 'Spam', content: 'Spam' });
    expect(refused.status).toBe(401);
    expect((await call('GET', '/messaging/messages', undefined, key)).body.messages.some((message: { data: { subject: string } }) => message.data.subject === 'Spam')).toBe(false);
  });
});
