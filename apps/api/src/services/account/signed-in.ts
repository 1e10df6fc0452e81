import type { RequestContext, SignedIn } from '../../core/context.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { accountModel } from './account-models.ts';
import type { UserRow } from './account-rows.ts';

/** The signed-in caller of an `account`-scoped route (the scope check already turned guests away). */
export function signedIn(ctx: RequestContext): SignedIn {
  const caller = ctx.identity.signedIn;
  if (!caller) throw new AppwriteError('general_unauthorized_scope', 'User (role: guests) missing scope (account)');
  return caller;
}

export async function accountOf(services: Services, user: UserRow) {
  return accountModel(user, await services.accounts.targets.list(user.id));
}

/** Session-creating routes refuse a caller who already has one (§9.2). */
export function refuseIfSignedIn(ctx: RequestContext): void {
  if (ctx.identity.signedIn) throw new AppwriteError('user_session_already_exists');
}
