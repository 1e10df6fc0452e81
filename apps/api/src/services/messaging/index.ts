import { createEmail, getMessage, listMessages } from './email-routes.ts';
import { createSubscriber, deleteSubscriber, getSubscriber, listSubscribers } from './subscriber-routes.ts';
import { getTopic, listTopics } from './topic-routes.ts';
import { getUnsubscribe, unsubscribe } from './unsubscribe-routes.ts';

export const messagingRoutes = [createEmail, listMessages, getMessage, listTopics, getTopic, createSubscriber, listSubscribers, getSubscriber, deleteSubscriber, getUnsubscribe, unsubscribe];
