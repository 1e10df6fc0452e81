import type { Models } from 'appwrite';
import { SIGNED_OUT, type Viewer } from './viewer';
import { errorType, Visitor } from './visitor.server';

export type AccountUser = Models.User<Models.Preferences>;

export type AccountState =
  | { status: 'signedOut' }
  /** A session exists but the account asks for a second factor before it counts (MFA). */
  | { status: 'secondFactor' }
  | { status: 'signedIn'; user: AccountUser };

/**
 * Who the visitor is: no API call without a session cookie; 401 is a guest (or an expired
 * session); `user_more_factors_required` is a sign-in waiting for its second factor. Other
 * failures are thrown.
 */
export async function accountState(visitor: Visitor): Promise<AccountState> {
  if (!visitor.mayBeSignedIn) return { status: 'signedOut' };
  try {
    return { status: 'signedIn', user: await visitor.account.get() };
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
    return state.status === 'signedIn' ? { status: 'signedIn', name: state.user.name, email: state.user.email } : state;
  } catch (error) {
    console.error('[web] account state unavailable:', error);
    return SIGNED_OUT;
  }
}
