import type { Models } from 'appwrite';
import { SIGNED_OUT, type Viewer } from './viewer';
import { errorType, Visitor } from './visitor.server';

export type AccountUser = Models.User<Models.Preferences>;

export type AccountState =
  | { status: 'signedOut' }
  /** A session exists but the account asks for a second factor before it counts (MFA). */
  | { status: 'secondFactor' }
  /** An anonymous session (a guest's, made for an export): it owns things but is no account to sign in to. */
  | { status: 'anonymous'; user: AccountUser }
  | { status: 'signedIn'; user: AccountUser };

/** Appwrite's anonymous users have no e-mail, phone or password until updateEmail converts them. */
export function isAnonymous(user: AccountUser): boolean {
  return user.email === '' && user.phone === '' && user.passwordUpdate === '';
}

/**
 * Who the visitor is: no API call without a session cookie; 401 is a guest (or an expired
 * session); `user_more_factors_required` is a sign-in waiting for its second factor; an account
 * without e-mail, phone or password is anonymous. Other failures are thrown.
 */
export async function accountState(visitor: Visitor): Promise<AccountState> {
  if (!visitor.mayBeSignedIn) return { status: 'signedOut' };
  try {
    const user = await visitor.account.get();
    return isAnonymous(user) ? { status: 'anonymous', user } : { status: 'signedIn', user };
  } catch (error) {
    if (errorType(error) === 'user_more_factors_required') return { status: 'secondFactor' };
    if (error instanceof Error && 'code' in error && error.code === 401) return { status: 'signedOut' };
    throw error;
  }
}

/** The header's view of the visitor; an API failure shows them as signed out rather than failing the page. */
export async function viewerOf(request: Request): Promise<Viewer> {
  try {
    const state = await accountState(new Visitor(request));
    if (state.status === 'signedIn') return { status: 'signedIn', name: state.user.name, email: state.user.email };
    return state.status === 'anonymous' ? { status: 'anonymous' } : state;
  } catch (error) {
    console.error('[web] account state unavailable:', error);
    return SIGNED_OUT;
  }
}
