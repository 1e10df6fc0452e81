import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';
import { filteredPageFromQueries } from '../account/page-queries.ts';

const topicId = param.uid({ required: true, description: 'Topic ID.' });
const subscriberId = param.uid({ required: true, description: 'Subscriber ID.' });

export const createSubscriber = defineRoute({
  id: 'messaging.createSubscriber',
  method: 'POST',
  path: '/messaging/topics/{topicId}/subscribers',
  summary: "Subscribe a target to a topic: the caller must hold one of the topic's subscribe roles; a signed-in caller may only subscribe their own target.",
  scope: 'subscribers.write',
  abuse: { limit: 60, windowSeconds: 60, key: ['ip', 'method', 'url', 'userId'] },
  params: {
    topicId,
    subscriberId: param.newId({ required: true, description: 'Subscriber ID, or unique().' }),
    targetId: param.uid({ required: true, description: 'Target ID: for a signed-in caller, one of their own (account.targets).' }),
  },
  response: { status: 201, model: 'Subscriber' },
  handler: ({ params, ctx, services }) => services.messaging.subscribers.create(ctx.identity, params.topicId, params.subscriberId, params.targetId),
});

export const listSubscribers = defineRoute({
  id: 'messaging.listSubscribers',
  method: 'GET',
  path: '/messaging/topics/{topicId}/subscribers',
  summary: "A topic's subscribers; a signed-in caller sees only their own.",
  scope: 'subscribers.read',
  params: {
    topicId,
    queries: param.queries({ description: 'Limit, offset, and equal/notEqual on userId, targetId and providerType.' }),
    search: param.string({ max: 256, description: 'Free text matched against the subscriber, target and user ids and the provider type.' }),
    total: param.boolean({ description: 'When false the count is skipped and total is 0.' }),
  },
  response: { status: 200, model: 'SubscriberList' },
  handler: ({ params, ctx, services }) =>
    services.messaging.subscribers.list(
      ctx.identity,
      params.topicId,
      { ...filteredPageFromQueries(params.queries ?? [], { userId: 'user_id', targetId: 'target_id', providerType: 'provider_type' }), search: params.search },
      params.total ?? true,
    ),
});

export const getSubscriber = defineRoute({
  id: 'messaging.getSubscriber',
  method: 'GET',
  path: '/messaging/topics/{topicId}/subscribers/{subscriberId}',
  summary: 'A subscriber; a signed-in caller may read only their own.',
  scope: 'subscribers.read',
  params: { topicId, subscriberId },
  response: { status: 200, model: 'Subscriber' },
  handler: ({ params, ctx, services }) => services.messaging.subscribers.get(ctx.identity, params.topicId, params.subscriberId),
});

export const deleteSubscriber = defineRoute({
  id: 'messaging.deleteSubscriber',
  method: 'DELETE',
  path: '/messaging/topics/{topicId}/subscribers/{subscriberId}',
  summary: 'Unsubscribe; a signed-in caller may delete only their own subscriptions.',
  scope: 'subscribers.write',
  abuse: { limit: 60, windowSeconds: 60, key: ['ip', 'method', 'url', 'userId'] },
  params: { topicId, subscriberId },
  response: { status: 204 },
  handler: ({ params, ctx, services }) => services.messaging.subscribers.delete(ctx.identity, params.topicId, params.subscriberId),
});
