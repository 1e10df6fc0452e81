import type { Problem } from '../../lib/account/problem';
import type { RouteMessages } from '../../lib/route-messages';

export interface VerifyData {
  messages: RouteMessages[];
  next: string;
  /** The outcome of opening the mail's link, when that is how the visitor came. */
  outcome: { verified: true } | { verified: false; problem: Problem } | null;
  /** Just signed up: the mail went out a moment ago. */
  justSent: boolean;
  account: { status: 'signedOut' } | { status: 'signedIn'; email: string; verified: boolean };
}

export type VerifyResult = { sent: true } | { problem: Problem };
