import type { Problem } from '../../lib/account/problem';
import type { SecondFactor } from '../../lib/account/second-factor';
import type { RouteMessages } from '../../lib/route-messages';

/** Messages the sign-in page shows after a redirect (`?notice=`). */
export const SIGNIN_NOTICES = ['signedOut', 'signedOutEverywhere', 'blocked', 'passwordReset'] as const;
export type SigninNotice = (typeof SIGNIN_NOTICES)[number];

export interface OAuthButton {
  provider: string;
  label: string;
  href: string;
}

export type SigninData = {
  messages: RouteMessages[];
  next: string;
  notice: SigninNotice | null;
  /** A failed magic link or OAuth2 sign-in. */
  problem: Problem | null;
} & (
  | { step: 'credentials'; providers: OAuthButton[]; email: string }
  | { step: 'secondFactor'; factors: SecondFactor[]; factor: SecondFactor | null }
);

export type SigninResult =
  | { intent: 'password' | 'magic' | 'code-send'; email: string; problem: Problem }
  | { intent: 'magic'; email: string; sent: true }
  | { intent: 'code-send' | 'code-verify'; email: string; userId: string; sent: true; problem?: Problem }
  | { intent: 'mfa-send' | 'mfa-verify'; factor: SecondFactor; challengeId: string; problem?: Problem };
