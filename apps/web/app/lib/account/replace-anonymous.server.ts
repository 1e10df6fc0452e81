import { accountState } from './state.server';
import { errorType, type Visitor } from './visitor.server';

/**
 * Opens a session with `open` (a call through `visitor.send`). The API refuses a new session while
 * one is open (`user_session_already_exists`); when the open one is anonymous (a guest who
 * exported a PDF), signing in replaces it: it is ended and `open` runs again. Answers
 * `alreadySignedIn` when the open session is a real account's (or one awaiting its second factor).
 */
export async function openReplacingAnonymous(visitor: Visitor, open: () => Promise<unknown>): Promise<'opened' | 'alreadySignedIn'> {
  try {
    await open();
    return 'opened';
  } catch (error) {
    if (errorType(error) !== 'user_session_already_exists') throw error;
    if ((await accountState(visitor)).status !== 'anonymous') return 'alreadySignedIn';
  }
  await visitor.send('DELETE', '/account/sessions/current');
  await open();
  return 'opened';
}
