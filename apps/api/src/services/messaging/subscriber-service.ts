import type { Kysely, Selectable } from 'kysely';
import { resolveNewId } from '@ballot-atlas/shared/appwrite/id';
import type { Identity } from '../../core/context.ts';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { AuthTables } from '../../db/system/auth-tables.ts';
import { generateEvents, type EventBus, type OutboxEvent } from '../../events/index.ts';
import { targetModel } from '../account/account-models.ts';
import type { EqualityFilter } from '../account/page-queries.ts';
import type { MessagingDb, MessagingTables } from './messaging-tables.ts';
import type { TopicStore } from './topic-store.ts';

export type SubscriberRow = Selectable<MessagingTables['_messaging_subscribers']>;
type TargetRow = Selectable<AuthTables['_auth_targets']>;
type Db = Kysely<MessagingTables & AuthTables>;

export type SubscriberColumn = 'user_id' | 'target_id' | 'provider_type';

export interface SubscriberPage {
  limit: number;
  offset: number;
  filters: EqualityFilter<SubscriberColumn>[];
  search?: string | undefined;
}

/** Appwrite's Subscriber model: the target and the owner's name come along. */
export function subscriberModel(row: SubscriberRow, target: TargetRow, userName: string) {
  return {
    $id: row.id,
    $createdAt: row.created_at,
    $updatedAt: row.updated_at,
    targetId: row.target_id,
    target: targetModel(target),
    userId: row.user_id,
    userName,
    topicId: row.topic_id,
    providerType: row.provider_type,
  };
}

export type SubscriberModel = ReturnType<typeof subscriberModel>;

function subscriberEvent(action: 'create' | 'delete', model: SubscriberModel): OutboxEvent {
  // Appwrite publishes messaging events to functions and webhooks only, not on realtime channels.
  return { events: generateEvents(`topics.[topicId].subscribers.[subscriberId].${action}`, { topicId: model.topicId, subscriberId: model.$id }), channels: [], roles: [`user:${model.userId}`], payload: model };
}

/**
 * Topic subscriptions. Keys subscribe any target; a signed-in caller only their own (a stranger's
 * target answers as if it did not exist, so nobody can sign a third party up to mail). Reads and
 * deletes are the owner's (`read/delete(user:<owner>)`), as Appwrite sets the permissions.
 */
export class SubscriberService {
  private readonly dialect: SqlDialect;
  private readonly db: Db;
  private readonly topics: TopicStore;
  private readonly events: EventBus;

  constructor(dialect: SqlDialect, topics: TopicStore, events: EventBus) {
    this.dialect = dialect;
    this.db = dialect.db as Db;
    this.topics = topics;
    this.events = events;
  }

  async create(identity: Identity, topicId: string, subscriberId: string, targetId: string): Promise<SubscriberModel> {
    const topic = await this.topics.get(topicId);
    if (!topic) throw new AppwriteError('topic_not_found');
    const subscribe = JSON.parse(topic.subscribe) as string[];
    if (!identity.admin && !identity.roles.some((role) => subscribe.includes(role))) throw new AppwriteError('user_unauthorized');
    const target = await this.db.selectFrom('_auth_targets').selectAll().where('id', '=', targetId).executeTakeFirst();
    if (!target || (!identity.admin && target.user_id !== identity.userId)) throw new AppwriteError('user_target_not_found');
    const owner = await this.db.selectFrom('_auth_users').select('name').where('id', '=', target.user_id).executeTakeFirst();
    const at = now();
    const row: SubscriberRow = { id: resolveNewId(subscriberId), topic_id: topicId, target_id: target.id, user_id: target.user_id, provider_type: target.provider_type, created_at: at, updated_at: at };
    const model = subscriberModel(row, target, owner?.name ?? '');
    try {
      await this.events.transaction(async (trx) => {
        await (trx as MessagingDb).insertInto('_messaging_subscribers').values(row).execute();
        await this.events.append(trx, subscriberEvent('create', model));
      });
    } catch (error) {
      if (this.dialect.isUniqueViolation(error)) throw new AppwriteError('subscriber_already_exists');
      throw error;
    }
    return model;
  }

  async get(identity: Identity, topicId: string, subscriberId: string): Promise<SubscriberModel> {
    const found = await this.page(identity, topicId, { limit: 1, offset: 0, filters: [] }, false, subscriberId);
    const subscriber = found.subscribers[0];
    if (!subscriber) throw new AppwriteError('subscriber_not_found');
    return subscriber;
  }

  /** A session sees its own subscriptions only, as Appwrite's permission-filtered find returns them. */
  async list(identity: Identity, topicId: string, page: SubscriberPage, countTotal: boolean): Promise<{ total: number; subscribers: SubscriberModel[] }> {
    if (!(await this.topics.get(topicId))) throw new AppwriteError('topic_not_found');
    return this.page(identity, topicId, page, countTotal);
  }

  async delete(identity: Identity, topicId: string, subscriberId: string): Promise<void> {
    const subscriber = await this.get(identity, topicId, subscriberId);
    await this.events.transaction(async (trx) => {
      const result = await (trx as MessagingDb).deleteFrom('_messaging_subscribers').where('id', '=', subscriberId).where('topic_id', '=', topicId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppwriteError('subscriber_not_found');
      await this.events.append(trx, subscriberEvent('delete', subscriber));
    });
  }

  /** Removes a subscription whoever asks (the unsubscribe link proves the right to); false when it was already gone. */
  async remove(subscriberId: string, topicId: string): Promise<boolean> {
    const row = await this.db.selectFrom('_messaging_subscribers').selectAll().where('id', '=', subscriberId).where('topic_id', '=', topicId).executeTakeFirst();
    if (!row) return false;
    const target = await this.db.selectFrom('_auth_targets').selectAll().where('id', '=', row.target_id).executeTakeFirst();
    const owner = await this.db.selectFrom('_auth_users').select('name').where('id', '=', row.user_id).executeTakeFirst();
    return this.events.transaction(async (trx) => {
      const result = await (trx as MessagingDb).deleteFrom('_messaging_subscribers').where('id', '=', subscriberId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      if (target) await this.events.append(trx, subscriberEvent('delete', subscriberModel(row, target, owner?.name ?? '')));
      return true;
    });
  }

  /** The subscription as stored, for anyone holding its unsubscribe token. */
  async find(subscriberId: string): Promise<SubscriberRow | undefined> {
    return this.db.selectFrom('_messaging_subscribers').selectAll().where('id', '=', subscriberId).executeTakeFirst();
  }

  private async page(identity: Identity, topicId: string, page: SubscriberPage, countTotal: boolean, subscriberId?: string): Promise<{ total: number; subscribers: SubscriberModel[] }> {
    let query = this.db
      .selectFrom('_messaging_subscribers as s')
      .innerJoin('_auth_targets as t', 't.id', 's.target_id')
      .leftJoin('_auth_users as u', 'u.id', 's.user_id')
      .where('s.topic_id', '=', topicId);
    if (subscriberId !== undefined) query = query.where('s.id', '=', subscriberId);
    if (!identity.admin) query = query.where('s.user_id', '=', identity.userId ?? '');
    for (const filter of page.filters) {
      const column = `s.${filter.column}` as const;
      query = filter.negate ? query.where(column, '!=', filter.values[0]!) : query.where(column, 'in', filter.values);
    }
    if (page.search) {
      const term = `%${page.search.replace(/[%_\\]/g, '')}%`;
      query = query.where((eb) => eb.or([eb('s.id', 'like', term), eb('s.target_id', 'like', term), eb('s.user_id', 'like', term), eb('s.provider_type', 'like', term)]));
    }
    const rows = await query
      .select(['s.id', 's.topic_id', 's.target_id', 's.user_id', 's.provider_type', 's.created_at', 's.updated_at'])
      .select(['t.id as t_id', 't.user_id as t_user_id', 't.provider_type as t_provider_type', 't.provider_id as t_provider_id', 't.identifier as t_identifier', 't.name as t_name', 't.expired as t_expired', 't.created_at as t_created_at', 't.updated_at as t_updated_at', 'u.name as user_name'])
      .orderBy('s.created_at').orderBy('s.id')
      .limit(page.limit).offset(page.offset)
      .execute();
    const total = countTotal ? Number((await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count) : 0;
    const subscribers = rows.map((row) => {
      const target: TargetRow = { id: row.t_id, user_id: row.t_user_id, provider_type: row.t_provider_type, provider_id: row.t_provider_id, identifier: row.t_identifier, name: row.t_name, expired: row.t_expired, created_at: row.t_created_at, updated_at: row.t_updated_at };
      const subscriber: SubscriberRow = { id: row.id, topic_id: row.topic_id, target_id: row.target_id, user_id: row.user_id, provider_type: row.provider_type, created_at: row.created_at, updated_at: row.updated_at };
      return subscriberModel(subscriber, target, row.user_name ?? '');
    });
    return { total, subscribers };
  }
}
