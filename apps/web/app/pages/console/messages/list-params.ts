import { consolePaths } from '../../../lib/console/paths';
import { isMessageStatus, type MessageFilter } from './types';

export const MESSAGES_PER_PAGE = 20;
const QUERY_MAX = 100;

/** The list's filter from its address (`?status&q&page`); anything unknown reads as "all". */
export function messageFilterOf(search: URLSearchParams): MessageFilter {
  const status = search.get('status');
  const page = Number(search.get('page'));
  return {
    status: isMessageStatus(status) ? status : '',
    q: (search.get('q') ?? '').trim().slice(0, QUERY_MAX),
    page: Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1,
  };
}

/** The list with this filter; defaults are left out, so the plain list has the plain path. */
export function messagesHref(filter: Partial<MessageFilter> = {}): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q) params.set('q', filter.q);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const query = params.toString();
  return query ? `${consolePaths.messages}?${query}` : consolePaths.messages;
}

export function messageHref(messageId: string): string {
  return `${consolePaths.messages}/${encodeURIComponent(messageId)}`;
}
