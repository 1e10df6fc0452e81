import { sql, type Kysely } from 'kysely';
import type { AuthTables } from '../../db/system/auth-tables.ts';
import type { MessagingTables } from './messaging-tables.ts';

/**
 * Where a send stands: the recipients are walked source by source (each topic in the message's
 * order, then its users, then its targets), each source in the order of its key (target id,
 * user id, target id). `after` is the last key of `source` already passed ('' = from its start).
 */
export interface SendCursor {
  source: number;
  after: string;
}

export const SEND_START: SendCursor = { source: 0, after: '' };

/** One address a message goes to, with what its mail is written from. */
export interface Recipient {
  address: string;
  /** The account's `prefs.language`, or '' when it has none. */
  language: string;
  userName: string;
  /** Reached through a topic: the subscription (for its unsubscribe link) and the topic. */
  subscriberId?: string;
  topicId?: string;
  /** The cursor that stands just past this recipient. */
  position: SendCursor;
}

export interface RecipientPage {
  recipients: Recipient[];
  /** Whether recipients may remain past the last one returned (a source had more rows than asked). */
  more: boolean;
}

interface MessageAudience {
  $id: string;
  topics: readonly string[];
  users: readonly string[];
  targets: readonly string[];
}

type Db = Kysely<AuthTables & MessagingTables>;

interface SourceRow {
  key: string;
  address: string;
  prefs: string | null;
  name: string;
  subscriber_id: string | null;
}

function languageOf(prefs: string | null): string {
  try {
    const language = (JSON.parse(prefs ?? '{}') as Record<string, unknown>)['language'];
    return typeof language === 'string' ? language : '';
  } catch {
    return '';
  }
}

/**
 * The next recipients of a message after `cursor`, at most `limit`, selected in SQL: each source is
 * a keyset range walk over an index (subscribers by (topic_id, target_id), users and targets by id)
 * that leaves out disabled subscribers and every address the message's ledger already holds
 * (compared without case, through the ledger's (message_id, lower(address)) index). Sources are
 * taken in order, so an address reached through an earlier topic keeps that topic's subscription
 * and a later source finds it in the ledger. Within one page an address comes once.
 */
export async function nextRecipients(db: Db, message: MessageAudience, cursor: SendCursor, limit: number): Promise<RecipientPage> {
  const sourceCount = message.topics.length + 2;
  const recipients: Recipient[] = [];
  const seen = new Set<string>();
  for (let source = cursor.source; source < sourceCount; source++) {
    // A full page with sources still to walk: they are left to the next step.
    if (recipients.length >= limit) return { recipients, more: true };
    const after = source === cursor.source ? cursor.after : '';
    const wanted = limit - recipients.length;
    const rows = await sourceRows(db, message, source, after, wanted + 1);
    for (const row of rows.slice(0, wanted)) {
      const key = row.address.toLowerCase();
      const position = { source, after: row.key };
      if (seen.has(key)) continue;
      seen.add(key);
      const topicId = source < message.topics.length ? message.topics[source] : undefined;
      recipients.push({
        address: row.address, language: languageOf(row.prefs), userName: row.name, position,
        ...(topicId !== undefined && row.subscriber_id !== null ? { subscriberId: row.subscriber_id, topicId } : {}),
      });
    }
    if (rows.length > wanted) return { recipients, more: true };
  }
  return { recipients, more: false };
}

function notInLedger(messageId: string, address: string) {
  return sql<boolean>`not exists (select 1 from _messaging_deliveries d where d.message_id = ${messageId} and lower(d.address) = lower(${sql.ref(address)}))`;
}

async function sourceRows(db: Db, message: MessageAudience, source: number, after: string, limit: number): Promise<SourceRow[]> {
  const query = sourceQuery(db, message, source, after, limit);
  return query ? query.execute() : [];
}

/** The SQL one source's page is read with (exported for the messaging bench's query plans); undefined for an empty source. */
export function sourceQuery(db: Db, message: MessageAudience, source: number, after: string, limit: number) {
  const topicId = message.topics[source];
  if (topicId !== undefined) {
    return db
      .selectFrom('_messaging_subscribers as s')
      .innerJoin('_auth_targets as t', 't.id', 's.target_id')
      .innerJoin('_auth_users as u', 'u.id', 's.user_id')
      .select(['s.target_id as key', 't.identifier as address', 'u.prefs', 'u.name', 's.id as subscriber_id'])
      .where('s.topic_id', '=', topicId)
      .where('s.target_id', '>', after)
      // The same bound on the joined side, so that a merge join (PostgreSQL) starts both scans at the cursor.
      .where('t.id', '>', after)
      .where('s.provider_type', '=', 'email')
      .where('u.status', '=', 1)
      .where(notInLedger(message.$id, 't.identifier'))
      .orderBy('s.target_id')
      .limit(limit);
  }
  if (source === message.topics.length) {
    if (message.users.length === 0) return undefined;
    return db
      .selectFrom('_auth_users as u')
      .select(['u.id as key', sql<string>`u.email`.as('address'), 'u.prefs', 'u.name', sql<string | null>`null`.as('subscriber_id')])
      .where('u.id', 'in', [...message.users])
      .where('u.id', '>', after)
      .where('u.email', 'is not', null)
      .where(notInLedger(message.$id, 'u.email'))
      .orderBy('u.id')
      .limit(limit);
  }
  if (message.targets.length === 0) return undefined;
  return db
    .selectFrom('_auth_targets as t')
    .innerJoin('_auth_users as u', 'u.id', 't.user_id')
    .select(['t.id as key', 't.identifier as address', 'u.prefs', 'u.name', sql<string | null>`null`.as('subscriber_id')])
    .where('t.id', 'in', [...message.targets])
    .where('t.id', '>', after)
    .where('t.provider_type', '=', 'email')
    .where(notInLedger(message.$id, 't.identifier'))
    .orderBy('t.id')
    .limit(limit);
}
