import type { SessionRow, UserRow } from './account-rows.ts';

/** The factors besides the password that the user has verified: a verified app, e-mail or phone. */
export function verifiedFactors(user: UserRow): string[] {
  return [
    ...(user.totp_verified === 1 ? ['totp'] : []),
    ...(user.email !== null && user.email_verification === 1 ? ['email'] : []),
    ...(user.phone !== null && user.phone_verification === 1 ? ['phone'] : []),
  ];
}

/** A factor the user has verified besides the password: what makes MFA enforceable (§9.6). */
export function hasSecondFactor(user: UserRow): boolean {
  return verifiedFactors(user).length > 0;
}

export function needsMoreFactors(user: UserRow, session: SessionRow): boolean {
  return user.mfa === 1 && hasSecondFactor(user) && (JSON.parse(session.factors) as string[]).length < 2;
}

/** Sensitive MFA reads and changes need a challenge completed within this window. */
export const RECENT_MFA_SECONDS = 30 * 60;

export function hadRecentChallenge(session: SessionRow, nowMs = Date.now()): boolean {
  if (!session.mfa_updated_at) return false;
  return nowMs - new Date(session.mfa_updated_at).getTime() <= RECENT_MFA_SECONDS * 1000;
}
