import * as appwrite17 from 'appwrite17';
import * as appwrite28 from 'appwrite28';
import type { SdkGeneration } from './sdk-generations.ts';

/** Appwrite's Subscriber model as both web SDKs type it. */
export interface WireSubscriber {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  targetId: string;
  target: { $id: string; userId: string; providerType: string; identifier: string; name: string; expired: boolean };
  userId: string;
  userName: string;
  topicId: string;
  providerType: string;
}

/** The two Messaging calls the web SDKs have, in SDK 17's positional form. */
export interface MessagingApi {
  createSubscriber(topicId: string, subscriberId: string, targetId: string): Promise<WireSubscriber>;
  deleteSubscriber(topicId: string, subscriberId: string): Promise<unknown>;
}

/** A Messaging client of this SDK generation, acting as `session` when given; SDK 28 through its object form. */
export function connectMessaging(sdk: SdkGeneration, endpoint: string, project: string, session?: string): MessagingApi {
  if (sdk.version === '17.0.2') {
    const client = new appwrite17.Client().setEndpoint(endpoint).setProject(project);
    if (session !== undefined) client.setSession(session);
    return new appwrite17.Messaging(client) as unknown as MessagingApi;
  }
  if (sdk.version === '28.0.0') {
    const client = new appwrite28.Client().setEndpoint(endpoint).setProject(project);
    if (session !== undefined) client.setSession(session);
    const messaging = new appwrite28.Messaging(client);
    return {
      createSubscriber: (topicId, subscriberId, targetId) => messaging.createSubscriber({ topicId, subscriberId, targetId }) as Promise<unknown> as Promise<WireSubscriber>,
      deleteSubscriber: (topicId, subscriberId) => messaging.deleteSubscriber({ topicId, subscriberId }),
    };
  }
  throw new Error(`no Messaging client for ${sdk.name}`);
}
