import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link names: one subscription of one topic. */
export interface UnsubscribeTarget {
  topicId: string;
  subscriberId: string;
}

/**
 * Unsubscribe links: `base64url(topicId NL subscriberId).<HMAC of it>`, signed with a key derived
 * from the server secret. They never expire: all one can do with a token is remove the one
 * subscription it names. The topic is in the token, so the page can still name it once removed.
 */
export class UnsubscribeTokens {
  private readonly key: string;

  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('messaging unsubscribe tokens').digest('hex');
  }

  issue(target: UnsubscribeTarget): string {
    const body = Buffer.from(`${target.topicId}\n${target.subscriberId}`).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The subscription a token names, or undefined when this server did not issue it. */
  verify(token: string): UnsubscribeTarget | undefined {
    const [body, signature, ...rest] = token.split('.');
    if (!body || !signature || rest.length) return undefined;
    const given = Buffer.from(signature);
    const expected = Buffer.from(this.sign(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const [topicId, subscriberId, ...extra] = Buffer.from(body, 'base64url').toString().split('\n');
    return topicId && subscriberId && extra.length === 0 ? { topicId, subscriberId } : undefined;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
