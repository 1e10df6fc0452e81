import { parseQueries } from '@ballot-atlas/shared/appwrite/query';
import type { Identity } from '../../core/context.ts';
import { AppwriteError } from '../../core/errors.ts';
import { countsAsGuest } from '../../core/counts-as-guest.ts';
import type { BucketEntry } from './file-buckets.ts';

/**
 * Whose an upload is, for the cap on uploads in progress: the user, or for guests (and anonymous
 * users, whom anyone can become at will) the address; '' for API keys, which have no cap.
 */
export function uploaderOf(identity: Identity, ip: string): string {
  if (identity.admin) return '';
  return countsAsGuest(identity) ? `ip:${ip}` : `user:${identity.userId}`;
}

/**
 * At most `cap` chunked uploads in progress per uploader, over every bucket: each holds chunks on
 * disk until it completes or the sweep removes it (24 h without a chunk). Counted from the file
 * records (`uploader`, `status`), so the count survives restarts, is shared by every process on the
 * database, and drops as soon as an upload completes, is deleted or swept. Only a new upload is
 * checked, never a chunk of one in progress; two new uploads started at the same instant may both
 * pass at the cap, which a cap on abuse can afford.
 */
export class UploadsInProgressCap {
  private readonly buckets: ReadonlyMap<string, BucketEntry>;
  private readonly cap: number;

  /** `cap` 0: no cap. */
  constructor(buckets: ReadonlyMap<string, BucketEntry>, cap: number) {
    this.buckets = buckets;
    this.cap = cap;
  }

  /** Throws 429 when this new upload of `chunksTotal` chunks would be one too many for its uploader. */
  async admit(uploader: string, chunksTotal: number): Promise<void> {
    // An upload in one request is complete when it is answered: it never stays in progress.
    if (this.cap === 0 || uploader === '' || chunksTotal < 2) return;
    const mine = parseQueries([
      JSON.stringify({ method: 'equal', attribute: 'status', values: ['uploading'] }),
      JSON.stringify({ method: 'equal', attribute: 'uploader', values: [uploader] }),
      JSON.stringify({ method: 'limit', values: [this.cap] }),
    ]);
    let inProgress = 0;
    for (const entry of this.buckets.values()) {
      inProgress += (await entry.store.list(mine, { kind: 'all' }, { countTotal: false })).documents.length;
      if (inProgress >= this.cap) {
        throw new AppwriteError('general_rate_limit_exceeded', `You already have ${this.cap} uploads in progress. Finish or delete one of them before starting another.`);
      }
    }
  }
}
