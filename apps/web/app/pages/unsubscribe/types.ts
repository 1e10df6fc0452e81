import type { RouteMessages } from '../../lib/route-messages';

/** What an unsubscribe token stands for: a topic (its name only, nothing personal) and whether the link's subscriber still follows it. */
export interface UnsubscribeTopic {
  topicId: string;
  topicName: string;
  subscribed: boolean;
}

export interface UnsubscribeData {
  messages: RouteMessages[];
  /** Null when the link carries no token or one the API does not know (any more). */
  topic: UnsubscribeTopic | null;
}

/** The button's answer: done (with the topic as it was before, as the API forgets it once unsubscribed), or the token does not work. */
export type UnsubscribeResult = { unsubscribed: true; topic: UnsubscribeTopic } | { invalid: true };
