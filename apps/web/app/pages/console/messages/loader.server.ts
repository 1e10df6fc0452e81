import { isValidId } from '@ballot-atlas/shared/appwrite/id';
import { Query } from 'appwrite';
import { requireEditor } from '../../../lib/console/editor-access.server';
import { pageNotFound } from '../../../lib/not-found.server';
import { contactMessages } from './contact-messages.server';
import { messageFilterOf, MESSAGES_PER_PAGE } from './list-params';
import { LIST_NOTICES, type ListNotice, type MessageData, type MessageListData } from './types';

/** The fields the list's search looks in (the collection has no full-text index, so by substring). */
const SEARCHED = ['name', 'email', 'subject', 'message'] as const;

/**
 * `contains` matches case-sensitively, so the words are looked for as typed, in lower case,
 * capitalised and in capitals: "polling" also finds "Polling" and "POLLING".
 */
function spellings(words: string): string[] {
  const lower = words.toLowerCase();
  return [...new Set([words, lower, lower.charAt(0).toUpperCase() + lower.slice(1), words.toUpperCase()])];
}

/** `/…/messages`: newest first, by status and words, a page at a time. */
export async function messageListLoader(request: Request): Promise<MessageListData> {
  await requireEditor(request);
  const url = new URL(request.url);
  const filter = messageFilterOf(url.searchParams);
  const queries = [Query.orderDesc('$createdAt'), Query.limit(MESSAGES_PER_PAGE), Query.offset((filter.page - 1) * MESSAGES_PER_PAGE)];
  if (filter.status) queries.push(Query.equal('status', filter.status));
  if (filter.q) {
    const variants = spellings(filter.q);
    queries.push(Query.or(SEARCHED.map((key) => Query.contains(key, variants))));
  }
  const store = contactMessages(request);
  const [list, unread] = await Promise.all([store.list(queries), store.list([Query.equal('status', 'new'), Query.limit(1)])]);
  const notice = url.searchParams.get('notice');
  return {
    filter,
    rows: list.rows,
    total: list.total,
    pageCount: Math.max(1, Math.ceil(list.total / MESSAGES_PER_PAGE)),
    newCount: unread.total,
    notice: (LIST_NOTICES as readonly string[]).includes(notice ?? '') ? (notice as ListNotice) : null,
  };
}

/** `/…/messages/:messageId`: the whole message; opening a new one marks it read. */
export async function messageLoader(request: Request, messageId: string): Promise<MessageData> {
  const editor = await requireEditor(request);
  if (!isValidId(messageId)) pageNotFound(request);
  const store = contactMessages(request);
  let message = await store.get(messageId);
  if (!message) pageNotFound(request);
  if (message.status === 'new') message = await store.setStatus(message.id, 'read');
  return { isOwner: editor.isOwner, message };
}
