import { AppwriteException, ID, Messaging, Query, type Client, type Models } from 'appwrite';
import { siteEnv } from '../env.server';

/** More than one subscriber of a topic per account is unusual (one per target); a few are read so all go on unfollow. */
const SUBSCRIBERS_PER_TOPIC = 25;

/**
 * `GET /messaging/topics/{topicId}/subscribers` as the visitor, who sees only their own: SDK 28's
 * client-side Messaging has no listSubscribers, so through the SDK client's `call`.
 */
async function ownSubscribers(client: Client, topicId: string): Promise<string[] | null> {
  const env = siteEnv();
  const url = new URL(`${env.apiEndpoint}/messaging/topics/${encodeURIComponent(topicId)}/subscribers`);
  try {
    const list = (await client.call('get', url, { 'X-Appwrite-Project': env.projectId, accept: 'application/json' }, { queries: [Query.limit(SUBSCRIBERS_PER_TOPIC)] })) as { subscribers: Models.Subscriber[] };
    return list.subscribers.map((subscriber) => subscriber.$id);
  } catch (error) {
    // No such topic (yet): the API makes an election's or region's topic once it learns of the record.
    if (error instanceof AppwriteException && error.code === 404) return null;
    throw error;
  }
}

/** The visitor's subscribers of each topic, asked in parallel; topics the API does not have are left out. */
export async function subscribersByTopic(client: Client, topicIds: readonly string[]): Promise<Record<string, string[]>> {
  const lists = await Promise.all(topicIds.map((topicId) => ownSubscribers(client, topicId)));
  return Object.fromEntries(topicIds.flatMap((topicId, index) => (lists[index] ? [[topicId, lists[index]]] : [])));
}

/** The account's e-mail target (Appwrite makes one for the account's address), if it has one. */
export function emailTargetOf(user: Models.User<Models.Preferences>): Models.Target | undefined {
  return user.targets.find((target) => target.providerType === 'email');
}

export function subscribe(client: Client, topicId: string, targetId: string): Promise<Models.Subscriber> {
  return new Messaging(client).createSubscriber({ topicId, subscriberId: ID.unique(), targetId });
}

export function unsubscribe(client: Client, topicId: string, subscriberId: string): Promise<unknown> {
  return new Messaging(client).deleteSubscriber({ topicId, subscriberId });
}
