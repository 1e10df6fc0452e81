import type { Kysely } from 'kysely';
import type { AuthTables } from '../../db/system/auth-tables.ts';
import type { MessagingTables } from './messaging-tables.ts';

/** One address a message goes to, with what its mail is written from. */
export interface Recipient {
  address: string;
  /** The account's `prefs.language`, or '' when it has none. */
  language: string;
  userName: string;
  /** Reached through a topic: the subscription (for its unsubscribe link) and the topic. */
  subscriberId?: string;
  topicId?: string;
}

type Db = Kysely<AuthTables & MessagingTables>;

function languageOf(prefs: string | null): string {
  try {
    const language = (JSON.parse(prefs ?? '{}') as Record<string, unknown>)['language'];
    return typeof language === 'string' ? language : '';
  } catch {
    return '';
  }
}

/**
 * Every e-mail address a message reaches through its topics, users and targets, once each
 * (compared without case), in address order so that every step of a send sees the same list.
 * An address reached through a topic keeps that topic's subscription, so it gets an unsubscribe link.
 */
export async function resolveRecipients(db: Db, message: { topics: readonly string[]; users: readonly string[]; targets: readonly string[] }): Promise<Recipient[]> {
  const byAddress = new Map<string, Recipient>();
  const add = (recipient: Recipient) => {
    const key = recipient.address.toLowerCase();
    if (!byAddress.has(key)) byAddress.set(key, recipient);
  };
  for (const topicId of message.topics) {
    const rows = await db
      .selectFrom('_messaging_subscribers as s')
      .innerJoin('_auth_targets as t', 't.id', 's.target_id')
      .innerJoin('_auth_users as u', 'u.id', 's.user_id')
      .select(['t.identifier', 'u.prefs', 'u.name', 'u.status', 's.id'])
      .where('s.topic_id', '=', topicId)
      .where('s.provider_type', '=', 'email')
      .execute();
    for (const row of rows) if (row.status === 1) add({ address: row.identifier, language: languageOf(row.prefs), userName: row.name, subscriberId: row.id, topicId });
  }
  if (message.users.length) {
    const rows = await db.selectFrom('_auth_users').select(['email', 'prefs', 'name']).where('id', 'in', [...message.users]).where('email', 'is not', null).execute();
    for (const row of rows) add({ address: row.email!, language: languageOf(row.prefs), userName: row.name });
  }
  if (message.targets.length) {
    const rows = await db
      .selectFrom('_auth_targets as t')
      .innerJoin('_auth_users as u', 'u.id', 't.user_id')
      .select(['t.identifier', 'u.prefs', 'u.name'])
      .where('t.id', 'in', [...message.targets])
      .where('t.provider_type', '=', 'email')
      .execute();
    for (const row of rows) add({ address: row.identifier, language: languageOf(row.prefs), userName: row.name });
  }
  return [...byAddress.values()].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}
