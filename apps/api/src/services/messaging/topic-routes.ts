import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';
import { AppwriteError } from '../../core/errors.ts';
import { filteredPageFromQueries } from '../account/page-queries.ts';

export const listTopics = defineRoute({
  id: 'messaging.listTopics',
  method: 'GET',
  path: '/messaging/topics',
  summary: 'Topics with their subscriber totals (keys only).',
  scope: 'topics.read',
  params: {
    queries: param.queries({ description: 'Limit, offset, and equal/notEqual on $id and name.' }),
    search: param.string({ max: 256, description: 'Free text matched against the id and name.' }),
    total: param.boolean({ description: 'When false the count is skipped and total is 0.' }),
  },
  response: { status: 200, model: 'TopicList' },
  handler: ({ params, services }) =>
    services.messaging.topics.list({ ...filteredPageFromQueries(params.queries ?? [], { $id: 'id', name: 'name' }), search: params.search }, params.total ?? true),
});

export const getTopic = defineRoute({
  id: 'messaging.getTopic',
  method: 'GET',
  path: '/messaging/topics/{topicId}',
  summary: 'A topic with its subscriber totals (keys only).',
  scope: 'topics.read',
  params: { topicId: param.uid({ required: true, description: 'Topic ID.' }) },
  response: { status: 200, model: 'Topic' },
  handler: async ({ params, services }) => {
    const row = await services.messaging.topics.get(params.topicId);
    if (!row) throw new AppwriteError('topic_not_found');
    return services.messaging.topics.model(row);
  },
});
