import { resolveNewId } from '@ballot-atlas/shared/appwrite/id';
import { formatDate, now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { EqualityFilter } from '../account/page-queries.ts';
import type { MessageDelivery } from './message-delivery.ts';
import { messageModel, type EmailData, type MessageModel, type MessageRow, type MessageTranslation } from './message-model.ts';
import { messagingDb, type MessagingDb } from './messaging-tables.ts';

export interface EmailParams {
  messageId: string;
  subject: string;
  content: string;
  topics: string[];
  users: string[];
  targets: string[];
  html: boolean;
  draft: boolean;
  scheduledAt: string | undefined;
  translations: Record<string, MessageTranslation> | undefined;
}

export interface MessagePage {
  limit: number;
  offset: number;
  filters: EqualityFilter<'status' | 'provider_type'>[];
  search?: string | undefined;
}

/**
 * Messaging's `createEmail`: the message is stored and sent in the background (MessageDelivery),
 * at once or at `scheduledAt`; a draft waits. Every recipient gets their own copy.
 */
export class EmailMessages {
  private readonly dialect: SqlDialect;
  private readonly db: MessagingDb;
  private readonly delivery: MessageDelivery;

  constructor(dialect: SqlDialect, delivery: MessageDelivery) {
    this.dialect = dialect;
    this.db = messagingDb(dialect);
    this.delivery = delivery;
  }

  async create(params: EmailParams): Promise<MessageModel> {
    if (!params.draft && params.topics.length + params.users.length + params.targets.length === 0) throw new AppwriteError('message_missing_target');
    const scheduledAt = params.scheduledAt ? new Date(params.scheduledAt) : undefined;
    if (scheduledAt && Number.isNaN(scheduledAt.getTime())) throw new AppwriteError('general_argument_invalid', 'Invalid `scheduledAt` param: Value must be a valid date.');
    if (scheduledAt && scheduledAt.getTime() < Date.now() - 60_000) throw new AppwriteError('general_argument_invalid', 'Invalid `scheduledAt` param: Value must be a date in the future.');
    if (params.topics.length) {
      const known = await this.db.selectFrom('_messaging_topics').select('id').where('id', 'in', params.topics).execute();
      const missing = params.topics.find((topicId) => !known.some((topic) => topic.id === topicId));
      if (missing !== undefined) throw new AppwriteError('topic_not_found', `Topic with the request ID could not be found: ${missing}`);
    }
    const id = resolveNewId(params.messageId);
    const at = now();
    const data: EmailData = { subject: params.subject, content: params.content, html: params.html, cc: [], bcc: [], ...(params.translations ? { translations: params.translations } : {}) };
    const row: MessageRow = {
      id, provider_type: 'email', topics: JSON.stringify(params.topics), users: JSON.stringify(params.users), targets: JSON.stringify(params.targets),
      data: JSON.stringify(data), status: params.draft ? 'draft' : scheduledAt ? 'scheduled' : 'processing',
      scheduled_at: scheduledAt ? formatDate(scheduledAt) : null, delivered_at: null, delivered_total: 0, delivery_errors: '[]', created_at: at, updated_at: at,
    };
    try {
      await this.dialect.db.transaction().execute(async (trx) => {
        await (trx as unknown as MessagingDb).insertInto('_messaging_messages').values(row).execute();
        if (!params.draft) await this.delivery.schedule(id, scheduledAt ? scheduledAt.getTime() : Date.now(), trx);
      });
    } catch (error) {
      if (this.dialect.isUniqueViolation(error)) throw new AppwriteError('message_already_exists');
      throw error;
    }
    this.delivery.wake();
    return messageModel(row);
  }

  async get(messageId: string): Promise<MessageModel> {
    const row = await this.db.selectFrom('_messaging_messages').selectAll().where('id', '=', messageId).executeTakeFirst();
    if (!row) throw new AppwriteError('message_not_found');
    return messageModel(row);
  }

  async list(page: MessagePage, countTotal: boolean): Promise<{ total: number; messages: MessageModel[] }> {
    let query = this.db.selectFrom('_messaging_messages');
    for (const filter of page.filters) {
      query = filter.negate ? query.where(filter.column, '!=', filter.values[0]!) : query.where(filter.column, 'in', filter.values);
    }
    if (page.search) {
      const term = `%${page.search.replace(/[%_\\]/g, '')}%`;
      query = query.where((eb) => eb.or([eb('id', 'like', term), eb('data', 'like', term)]));
    }
    const rows = await query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute();
    const total = countTotal ? Number((await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count) : 0;
    return { total, messages: rows.map(messageModel) };
  }
}
