import { emailTargetOf, subscribe, subscribersByTopic, unsubscribe } from '../../../lib/messaging/subscribers.server';
import { subscriptionChanges } from '../../../lib/messaging/topic-choice';
import { followableTopics } from '../../../lib/messaging/topics.server';
import { TOPIC_FIELD, type ProfileIntent } from '../types';
import { done, failed, type Handler } from './outcome.server';

export const subscriptionHandlers: Partial<Record<ProfileIntent, Handler>> = {
  /**
   * Follows the checked topics and unfollows the others, comparing with what the API has now (not
   * what the page showed), so a second submission changes nothing.
   */
  async subscriptions({ request, visitor, form }) {
    const wanted = new Set(form.getAll(TOPIC_FIELD).map(String));
    try {
      const client = visitor.client();
      const [user, topics] = await Promise.all([visitor.account.get(), followableTopics(request)]);
      const current = await subscribersByTopic(client, topics.map((topic) => topic.id));
      const changes = subscriptionChanges(Object.keys(current), current, wanted);
      const targetId = emailTargetOf(user)?.$id ?? '';
      await Promise.all([
        ...changes.follow.map((topicId) => subscribe(client, topicId, targetId)),
        ...changes.unfollow.map(({ topicId, subscriberId }) => unsubscribe(client, topicId, subscriberId)),
      ]);
      return done('subscriptions');
    } catch (error) {
      return failed('subscriptions', error);
    }
  },
};
