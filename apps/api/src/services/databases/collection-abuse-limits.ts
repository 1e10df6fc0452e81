import type { Identity } from '../../core/context.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { RateLimiter } from '../../core/rate-limiter.ts';
import type { DocumentAddress } from './document-address.ts';

/** At most `limit` creates per caller IP in a fixed window of `windowSeconds`. */
export interface CollectionCreateLimit {
  limit: number;
  windowSeconds: number;
}

/**
 * Stricter create limits for collections that guests write into, keyed `databaseId/collectionId`.
 * appwrite.json has no place for a collection-level abuse limit, so they are kept here, in code,
 * on top of the route's generic 120 a minute.
 */
export const collectionCreateLimits: Readonly<Record<string, CollectionCreateLimit>> = {
  // A person writes to the editors a few times at most; more from one address is a script.
  'main/contact_messages': { limit: 5, windowSeconds: 60 * 60 },
};

export interface Caller {
  identity: Identity;
  ip: string;
}

/** Applies collectionCreateLimits with the same limiter as the routes; the operator key is exempt. */
export class CollectionAbuseLimits {
  private readonly limiter: RateLimiter;
  private readonly enabled: boolean;
  private readonly limits: Readonly<Record<string, CollectionCreateLimit>>;

  constructor(limiter: RateLimiter, enabled: boolean, limits: Readonly<Record<string, CollectionCreateLimit>> = collectionCreateLimits) {
    this.limiter = limiter;
    this.enabled = enabled;
    this.limits = limits;
  }

  async checkCreate(address: DocumentAddress, caller: Caller): Promise<void> {
    if (!this.enabled || caller.identity.admin) return;
    const collection = `${address.databaseId}/${address.collectionId}`;
    const rule = this.limits[collection];
    if (!rule) return;
    const result = await this.limiter.hit(`create:${collection},ip:${caller.ip}`, rule.limit, rule.windowSeconds);
    if (!result.allowed) {
      throw new AppwriteError('general_rate_limit_exceeded', 'Too many documents were created in this collection from your address. Please try again later.');
    }
  }
}
