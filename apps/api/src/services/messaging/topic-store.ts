import type { Selectable } from 'kysely';
import { now } from '../../core/dates.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { EqualityFilter } from '../account/page-queries.ts';
import { messagingDb, type MessagingDb, type MessagingTables } from './messaging-tables.ts';

export type TopicRow = Selectable<MessagingTables['_messaging_topics']>;

/** Appwrite's Topic model. */
export interface TopicModel {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  name: string;
  emailTotal: number;
  smsTotal: number;
  pushTotal: number;
  subscribe: string[];
}

export interface TopicPage {
  limit: number;
  offset: number;
  filters: EqualityFilter<'id' | 'name'>[];
  search?: string | undefined;
}

/** The topics, with their subscriber totals counted per provider type. */
export class TopicStore {
  private readonly db: MessagingDb;

  constructor(dialect: SqlDialect) {
    this.db = messagingDb(dialect);
  }

  async get(id: string, executor: MessagingDb = this.db): Promise<TopicRow | undefined> {
    return executor.selectFrom('_messaging_topics').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Creates the topic, or renames it when it exists (its subscribe roles stay as they are). */
  async upsert(id: string, name: string, subscribe: readonly string[], executor: MessagingDb = this.db): Promise<void> {
    const at = now();
    await executor
      .insertInto('_messaging_topics')
      .values({ id, name, subscribe: JSON.stringify(subscribe), created_at: at, updated_at: at })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ name, updated_at: at }).where('_messaging_topics.name', '!=', name))
      .execute();
  }

  async delete(id: string, executor: MessagingDb = this.db): Promise<void> {
    await executor.deleteFrom('_messaging_topics').where('id', '=', id).execute();
  }

  /** The ids of every topic whose id starts with `prefix` (the topics kept for elections or regions). */
  async idsWithPrefix(prefix: string): Promise<string[]> {
    const rows = await this.db.selectFrom('_messaging_topics').select('id').where('id', 'like', `${prefix}%`).execute();
    return rows.map((row) => row.id);
  }

  /** appwrite.json's topics: created when missing; the declared name and subscribe roles win over what is stored. */
  async ensureDeclared(declared: readonly { $id: string; name: string; subscribe: readonly string[] }[]): Promise<void> {
    const at = now();
    for (const topic of declared) {
      const subscribe = JSON.stringify(topic.subscribe);
      await this.db
        .insertInto('_messaging_topics')
        .values({ id: topic.$id, name: topic.name, subscribe, created_at: at, updated_at: at })
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ name: topic.name, subscribe, updated_at: at }))
        .execute();
    }
  }

  async list(page: TopicPage, countTotal: boolean): Promise<{ total: number; topics: TopicModel[] }> {
    let query = this.db.selectFrom('_messaging_topics');
    for (const filter of page.filters) {
      query = filter.negate ? query.where(filter.column, '!=', filter.values[0]!) : query.where(filter.column, 'in', filter.values);
    }
    if (page.search) {
      const term = `%${page.search.replace(/[%_\\]/g, '')}%`;
      query = query.where((eb) => eb.or([eb('id', 'like', term), eb('name', 'like', term)]));
    }
    const rows = await query.selectAll().orderBy('created_at').orderBy('id').limit(page.limit).offset(page.offset).execute();
    const total = countTotal ? Number((await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count) : 0;
    return { total, topics: await this.models(rows) };
  }

  async model(row: TopicRow, executor: MessagingDb = this.db): Promise<TopicModel> {
    return (await this.models([row], executor))[0]!;
  }

  private async models(rows: readonly TopicRow[], executor: MessagingDb = this.db): Promise<TopicModel[]> {
    if (rows.length === 0) return [];
    const counts = await executor
      .selectFrom('_messaging_subscribers')
      .select(['topic_id', 'provider_type', (eb) => eb.fn.countAll<number>().as('count')])
      .where('topic_id', 'in', rows.map((row) => row.id))
      .groupBy(['topic_id', 'provider_type'])
      .execute();
    const countOf = (topicId: string, type: string) => Number(counts.find((count) => count.topic_id === topicId && count.provider_type === type)?.count ?? 0);
    return rows.map((row) => ({
      $id: row.id,
      $createdAt: row.created_at,
      $updatedAt: row.updated_at,
      name: row.name,
      emailTotal: countOf(row.id, 'email'),
      smsTotal: countOf(row.id, 'sms'),
      pushTotal: countOf(row.id, 'push'),
      subscribe: JSON.parse(row.subscribe) as string[],
    }));
  }
}
