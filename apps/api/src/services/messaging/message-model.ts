import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { MessagingTables } from './messaging-tables.ts';

export type MessageStatus = 'draft' | 'scheduled' | 'processing' | 'sent' | 'failed';

/** A subject and body in one language (createEmail's `translations` extension). */
export interface MessageTranslation {
  subject: string;
  content: string;
}

/** What an e-mail message carries (`data` of the model, plus this server's translations). */
export interface EmailData {
  subject: string;
  content: string;
  html: boolean;
  cc: string[];
  bcc: string[];
  translations?: Record<string, MessageTranslation>;
}

/** Appwrite's Message model (1.6). */
export interface MessageModel {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  providerType: 'email';
  topics: string[];
  users: string[];
  targets: string[];
  scheduledAt: string | null;
  deliveredAt: string | null;
  deliveryErrors: string[];
  deliveredTotal: number;
  data: EmailData;
  status: MessageStatus;
}

export type MessageRow = Selectable<MessagingTables['_messaging_messages']>;

export function messageModel(row: MessageRow): MessageModel {
  return {
    $id: row.id,
    $createdAt: row.created_at,
    $updatedAt: row.updated_at,
    providerType: 'email',
    topics: JSON.parse(row.topics) as string[],
    users: JSON.parse(row.users) as string[],
    targets: JSON.parse(row.targets) as string[],
    scheduledAt: row.scheduled_at,
    deliveredAt: row.delivered_at,
    deliveryErrors: JSON.parse(row.delivery_errors) as string[],
    deliveredTotal: Number(row.delivered_total),
    data: JSON.parse(row.data) as EmailData,
    status: row.status as MessageStatus,
  };
}

const date = z.string().describe('ISO 8601 date-time.');
const target = z.object({
  $id: z.string(), $createdAt: date, $updatedAt: date, name: z.string(), userId: z.string(), providerId: z.string().nullable(),
  providerType: z.string(), identifier: z.string(), expired: z.boolean(),
});
const message = z.object({
  $id: z.string(), $createdAt: date, $updatedAt: date, providerType: z.enum(['email']),
  topics: z.array(z.string()), users: z.array(z.string()), targets: z.array(z.string()),
  scheduledAt: date.nullable(), deliveredAt: date.nullable().describe('When the last recipient was handed to the mail server.'),
  deliveryErrors: z.array(z.string()).describe('One line per recipient that could not be sent to; never the message.'),
  deliveredTotal: z.number().int(),
  data: z.object({
    subject: z.string(), content: z.string(), html: z.boolean(), cc: z.array(z.string()), bcc: z.array(z.string()),
    translations: z.record(z.string(), z.object({ subject: z.string(), content: z.string() })).optional().describe('This server\'s extension: the subject and body per recipient language.'),
  }).describe('What is sent.'),
  status: z.enum(['draft', 'scheduled', 'processing', 'sent', 'failed']).describe('Sent in the background: processing until every recipient has been tried.'),
});
const topic = z.object({
  $id: z.string(), $createdAt: date, $updatedAt: date, name: z.string(), emailTotal: z.number().int(), smsTotal: z.number().int(),
  pushTotal: z.number().int(), subscribe: z.array(z.string()).describe('Roles that may subscribe.'),
});
const subscriber = z.object({
  $id: z.string(), $createdAt: date, $updatedAt: date, targetId: z.string(), target, userId: z.string(), userName: z.string(),
  topicId: z.string(), providerType: z.string(),
});

export const messageModels: Record<string, z.ZodType> = {
  Message: message,
  MessageList: z.object({ total: z.number().int(), messages: z.array(message) }),
  Topic: topic,
  TopicList: z.object({ total: z.number().int(), topics: z.array(topic) }),
  Subscriber: subscriber,
  SubscriberList: z.object({ total: z.number().int(), subscribers: z.array(subscriber) }),
  UnsubscribeState: z.object({ topicId: z.string(), topicName: z.string(), subscribed: z.boolean() }).describe('What an unsubscribe token names.'),
};
