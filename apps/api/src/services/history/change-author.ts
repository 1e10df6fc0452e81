import type { Identity } from '../../core/context.ts';

/** Who made a change, as it was when they made it (a later rename does not rewrite the history). */
export interface ChangeAuthor {
  /** '' for API keys and guests. */
  userId: string;
  /** The user's name then; "operator" for an API key. */
  userName: string;
  /** The API_KEYS entry's name; '' for API_KEY and everyone else. */
  keyName: string;
}

export const OPERATOR_NAME = 'operator';

export function authorOf(identity: Identity): ChangeAuthor {
  if (identity.admin) return { userId: '', userName: OPERATOR_NAME, keyName: identity.keyName ?? '' };
  return { userId: identity.userId ?? '', userName: identity.signedIn?.user.name ?? '', keyName: '' };
}
