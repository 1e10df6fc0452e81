import type { Problem } from '../../../lib/account/problem';

/** The `status` of a `contact_messages` document (appwrite.json), in the order an editor works through them. */
export const MESSAGE_STATUSES = ['new', 'read', 'answered'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export function isMessageStatus(value: unknown): value is MessageStatus {
  return (MESSAGE_STATUSES as readonly unknown[]).includes(value);
}

export interface MessageFilter {
  /** '' for every status. */
  status: MessageStatus | '';
  q: string;
  page: number;
}

/** What the list shows of a message. */
export interface MessageSummary {
  id: string;
  name: string;
  email: string;
  subject: string;
  /** The start of the message, on one line. */
  excerpt: string;
  status: MessageStatus;
  receivedAt: string;
}

/** After a redirect to the list: what was just done to a message. */
export const LIST_NOTICES = ['deleted', 'markedNew'] as const;
export type ListNotice = (typeof LIST_NOTICES)[number];

export interface MessageListData {
  filter: MessageFilter;
  rows: MessageSummary[];
  total: number;
  pageCount: number;
  /** Messages nobody has opened yet, whatever the filter. */
  newCount: number;
  notice: ListNotice | null;
}

export interface MessageDetail extends MessageSummary {
  message: string;
  language: string;
}

export interface MessageData {
  isOwner: boolean;
  message: MessageDetail;
}

export type MessageIntent = 'status' | 'delete';

export type MessageResult = { intent: 'status'; ok: true; status: MessageStatus } | { intent: MessageIntent; problem: Problem };
