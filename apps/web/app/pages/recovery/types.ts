import type { Problem } from '../../lib/account/problem';
import type { RouteMessages } from '../../lib/route-messages';

export type RecoveryData = { messages: RouteMessages[] } & (
  | { step: 'request'; email: string }
  /** Opened from the mail: the new-password form. `expired`: the link's time is up (the API would refuse it). */
  | { step: 'reset'; userId: string; secret: string; expired: boolean }
);

export type RecoveryResult =
  | { intent: 'request'; email: string; sent: true }
  | { intent: 'request'; email: string; problem: Problem }
  | { intent: 'reset'; problem: Problem; field?: 'password' | 'confirm' };
