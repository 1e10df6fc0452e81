import type { Identity } from './context.ts';

/**
 * Who the guest budgets apply to: guests, and anonymous users (no e-mail, no phone), whom anyone
 * can become in one request and who would otherwise escape them. Users with an account and API
 * keys are limited as Appwrite limits them, by the routes' own abuse limits.
 */
export function countsAsGuest(identity: Identity): boolean {
  if (identity.admin) return false;
  const user = identity.signedIn?.user;
  return !user || (user.email === null && user.phone === null);
}
