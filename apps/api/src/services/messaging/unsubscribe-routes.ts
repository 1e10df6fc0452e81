import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import type { UnsubscribeTarget } from './unsubscribe-tokens.ts';

const token = param.string({ required: true, min: 1, max: 512, description: 'The token of the unsubscribe link in a topic mail.' });

function targetOf(services: Services, given: string): UnsubscribeTarget {
  const target = services.messaging.unsubscribeTokens.verify(given);
  if (!target) throw new AppwriteError('general_argument_invalid', 'Invalid `token` param: the unsubscribe link is not valid.');
  return target;
}

/** This server's extension: what an unsubscribe link names, for the page that confirms it. */
export const getUnsubscribe = defineRoute({
  id: 'messaging.getUnsubscribe',
  method: 'GET',
  path: '/messaging/unsubscribe',
  summary: "The topic an unsubscribe link is for and whether the subscription still exists (no session needed).",
  scope: 'public',
  abuse: { limit: 60, windowSeconds: 60, key: ['ip', 'url'] },
  params: { token },
  response: { status: 200, model: 'UnsubscribeState' },
  handler: async ({ params, services }) => {
    const target = targetOf(services, params.token);
    const subscriber = await services.messaging.subscribers.find(target.subscriberId);
    // After unsubscribing the link still names its topic (empty name once the topic itself is gone).
    const topic = await services.messaging.topics.get(target.topicId);
    return { topicId: target.topicId, topicName: topic?.name ?? '', subscribed: subscriber?.topic_id === target.topicId };
  },
});

/** This server's extension: one-click unsubscribe (RFC 8058); repeating it is harmless. */
export const unsubscribe = defineRoute({
  id: 'messaging.unsubscribe',
  method: 'POST',
  path: '/messaging/unsubscribe',
  summary: 'Remove the subscription an unsubscribe link names (no session needed); 204 also when it was already removed.',
  scope: 'public',
  abuse: { limit: 60, windowSeconds: 60, key: ['ip', 'url'] },
  params: { token },
  response: { status: 204 },
  handler: async ({ params, services }) => {
    const target = targetOf(services, params.token);
    await services.messaging.subscribers.remove(target.subscriberId, target.topicId);
  },
});
