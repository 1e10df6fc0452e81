// The recipient selection of a send step (recipients.ts), on both engines: walked page by page the
// way the delivery walks it (cursor past the last recipient, a ledger row per recipient), every
// address comes exactly once, without case; an address reached through a topic keeps the first
// topic's subscription; disabled subscribers are skipped; addresses already in the ledger are not
// selected again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthDb } from '../../../src/db/system/auth-tables.ts';
import type { MessagingDb } from '../../../src/services/messaging/messaging-tables.ts';
import { nextRecipients, SEND_START, type Recipient, type SendCursor } from '../../../src/services/messaging/recipients.ts';
import { postgresAvailable, startTestServer, type Engine, type TestServer } from '../../support/test-server.ts';

const postgresUp = await postgresAvailable();
const at = '2026-01-01T00:00:00.000+00:00';

interface Person {
  id: string;
  email: string;
  status?: number;
  language?: string;
  topics?: string[];
}

const people: Person[] = [
  { id: 'u1', email: 'Ann@example.test', language: 'fr', topics: ['topic-a'] },
  { id: 'u2', email: 'bob@example.test', topics: ['topic-a', 'topic-b'] },
  { id: 'u3', email: 'carl@example.test', status: 0, topics: ['topic-b'] },
  // Another account whose address differs from u1's only in case: one mail for both.
  { id: 'u4', email: 'ANN@example.test', topics: ['topic-b'] },
  { id: 'u5', email: 'dina@example.test', topics: ['topic-b'] },
  { id: 'u6', email: 'eve@example.test' },
  { id: 'u7', email: 'finn@example.test' },
  { id: 'u8', email: 'gail@example.test', topics: ['topic-a'] },
];

async function seed(db: AuthDb & MessagingDb): Promise<void> {
  await (db as MessagingDb).insertInto('_messaging_topics').values(['topic-a', 'topic-b'].map((id) => ({ id, name: id, subscribe: '[]', created_at: at, updated_at: at }))).execute();
  for (const person of people) {
    await (db as AuthDb).insertInto('_auth_users').values({
      id: person.id, created_at: at, updated_at: at, name: `Name ${person.id}`, email: person.email, phone: null, password_hash: null, password_updated_at: null,
      status: person.status ?? 1, labels: '[]', email_verification: 1, phone_verification: 0, mfa: 0, prefs: JSON.stringify(person.language ? { language: person.language } : {}),
      recovery_codes: null, totp_secret: null, totp_verified: 0, accessed_at: at,
    }).execute();
    await (db as AuthDb).insertInto('_auth_targets').values({ id: `t-${person.id}`, user_id: person.id, provider_type: 'email', provider_id: '', identifier: person.email, name: '', expired: 0, created_at: at, updated_at: at }).execute();
    for (const topicId of person.topics ?? []) {
      await (db as MessagingDb).insertInto('_messaging_subscribers').values({ id: `s-${topicId}-${person.id}`, topic_id: topicId, target_id: `t-${person.id}`, user_id: person.id, provider_type: 'email', created_at: at, updated_at: at }).execute();
    }
  }
  await (db as MessagingDb).insertInto('_messaging_messages').values(['m-walk', 'm-ledger'].map((id) => ({
    id, provider_type: 'email', topics: '[]', users: '[]', targets: '[]', data: '{}', status: 'processing', scheduled_at: null, delivered_at: null, delivered_total: 0, delivery_errors: '[]', created_at: at, updated_at: at,
  }))).execute();
}

for (const engine of ['sqlite', 'postgres'] as Engine[]) {
  describe.skipIf(engine === 'postgres' && !postgresUp)(`send step recipients [${engine}]`, () => {
    let server: TestServer;
    let db: AuthDb & MessagingDb;

    beforeAll(async () => {
      server = await startTestServer({ engine });
      db = server.app.services.dialect.db as AuthDb & MessagingDb;
      await seed(db);
    }, 60_000);
    afterAll(async () => {
      await server?.close();
    });

    /** Walks a message the way the delivery does, `limit` recipients a step, writing a ledger row for each. */
    async function walk(message: { $id: string; topics: string[]; users: string[]; targets: string[] }, limit: number): Promise<{ steps: Recipient[][]; more: boolean[] }> {
      const steps: Recipient[][] = [];
      const more: boolean[] = [];
      let cursor: SendCursor = SEND_START;
      for (;;) {
        const page = await nextRecipients(db, message, cursor, limit);
        steps.push(page.recipients);
        more.push(page.more);
        for (const recipient of page.recipients) {
          await db.insertInto('_messaging_deliveries').values({ message_id: message.$id, address: recipient.address, failed: 0, sent_at: at }).execute();
        }
        if (!page.more) return { steps, more };
        cursor = page.recipients.at(-1)?.position ?? cursor;
        if (steps.length > 20) throw new Error('the walk does not end');
      }
    }

    it('walks topics, users and targets in pages, each address once, the first topic keeping it', async () => {
      const message = { $id: 'm-walk', topics: ['topic-a', 'topic-b'], users: ['u6', 'u2'], targets: ['t-u7', 't-u1'] };
      const { steps, more } = await walk(message, 2);
      const all = steps.flat();
      expect(steps.slice(0, -1).every((step) => step.length === 2)).toBe(true);
      expect(more.at(-1)).toBe(false);
      expect(all.map((recipient) => recipient.address.toLowerCase()).sort()).toEqual(['ann@example.test', 'bob@example.test', 'dina@example.test', 'eve@example.test', 'finn@example.test', 'gail@example.test']);
      const byAddress = new Map(all.map((recipient) => [recipient.address.toLowerCase(), recipient]));
      expect(byAddress.get('ann@example.test')).toMatchObject({ address: 'Ann@example.test', language: 'fr', userName: 'Name u1', subscriberId: 's-topic-a-u1', topicId: 'topic-a' });
      expect(byAddress.get('bob@example.test')).toMatchObject({ subscriberId: 's-topic-a-u2', topicId: 'topic-a' });
      expect(byAddress.get('dina@example.test')).toMatchObject({ subscriberId: 's-topic-b-u5', topicId: 'topic-b', language: '' });
      expect(byAddress.get('eve@example.test')!.subscriberId).toBeUndefined();
      expect(byAddress.get('finn@example.test')).toMatchObject({ userName: 'Name u7' });
      expect(byAddress.get('finn@example.test')!.topicId).toBeUndefined();
      // Nothing is left once everybody is in the ledger, even from the start.
      expect(await nextRecipients(db, message, SEND_START, 500)).toEqual({ recipients: [], more: false });
    });

    it('leaves out addresses the ledger holds in any case, and says when a source has more', async () => {
      await db.insertInto('_messaging_deliveries').values({ message_id: 'm-ledger', address: 'GAIL@EXAMPLE.TEST', failed: 1, sent_at: at }).execute();
      const message = { $id: 'm-ledger', topics: ['topic-a'], users: [], targets: [] };
      const first = await nextRecipients(db, message, SEND_START, 1);
      expect(first.recipients.map((recipient) => recipient.address)).toEqual(['Ann@example.test']);
      expect(first.more).toBe(true);
      const rest = await nextRecipients(db, message, first.recipients[0]!.position, 10);
      expect(rest.recipients.map((recipient) => recipient.address)).toEqual(['bob@example.test']);
      expect(rest.more).toBe(false);
    });
  });
}
