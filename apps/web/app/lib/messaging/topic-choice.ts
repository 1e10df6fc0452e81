/** The topic of directory-wide updates (appwrite.json `topics`). */
export const UPDATES_TOPIC_ID = 'updates';

export type TopicKind = 'updates' | 'election' | 'region';

/** A messaging topic as the site offers it; `name` is empty for directory updates, whose name is translated. */
export interface TopicChoice {
  id: string;
  kind: TopicKind;
  name: string;
  /** An election's date. */
  date?: string;
}

/** What to change so that the visitor follows exactly `wanted` among `topicIds`. */
export interface SubscriptionChanges {
  follow: string[];
  unfollow: { topicId: string; subscriberId: string }[];
}

/**
 * The subscribers to create and delete: `current` maps a topic to the visitor's subscribers of it.
 * Topics outside `topicIds` are left alone whatever was asked (a form cannot reach them).
 */
export function subscriptionChanges(topicIds: readonly string[], current: Readonly<Record<string, readonly string[]>>, wanted: ReadonlySet<string>): SubscriptionChanges {
  const changes: SubscriptionChanges = { follow: [], unfollow: [] };
  for (const topicId of topicIds) {
    const subscribers = current[topicId] ?? [];
    if (wanted.has(topicId) && subscribers.length === 0) changes.follow.push(topicId);
    if (!wanted.has(topicId)) changes.unfollow.push(...subscribers.map((subscriberId) => ({ topicId, subscriberId })));
  }
  return changes;
}
