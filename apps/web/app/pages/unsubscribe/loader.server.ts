import { routeMessages } from '../../lib/i18n.server';
import type { UnsubscribeData } from './types';
import { tokenOf, topicOfToken } from './unsubscribe-api.server';

/**
 * `/unsubscribe?token=…`: what the mail's link unsubscribes from, and a button. Opening the link
 * never unsubscribes by itself: mail scanners open links before people do.
 */
export async function unsubscribeLoader(request: Request): Promise<UnsubscribeData> {
  const token = tokenOf(request);
  return { messages: routeMessages(request, 'profile'), topic: token ? await topicOfToken(request, token) : null };
}
