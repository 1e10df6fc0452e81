import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import type { RequestContext } from '../../../core/context.ts';
import { formatDate, now } from '../../../core/dates.ts';
import { AppwriteError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import type { UserRow } from '../account-rows.ts';
import type { ProviderProfile, ProviderTokens } from './oauth-client.ts';
import { registerUser } from '../register-user.ts';

/**
 * The account a provider sign-in belongs to: the one already linked to this provider account;
 * else the signed-in caller's (linking it); else the account with the same e-mail when the
 * provider vouches for that address; else a new account. An unverified address that belongs to
 * someone else is refused: linking on it would hand their account to whoever typed it.
 */
export async function userForProviderSignIn(ctx: RequestContext, services: Services, provider: string, profile: ProviderProfile, tokens: ProviderTokens): Promise<UserRow> {
  const { users, identities, log } = services.accounts;
  const caller = ctx.identity.signedIn?.user ?? null;
  const linked = await identities.findByProvider(provider, profile.id);
  let user: UserRow;
  if (linked) {
    if (caller && caller.id !== linked.user_id) throw new AppwriteError('user_already_exists', 'This provider account is already linked to another user.');
    user = await users.require(linked.user_id);
  } else if (caller) {
    user = caller;
  } else {
    const sameEmail = profile.email ? await users.findByEmail(profile.email) : undefined;
    if (sameEmail && !profile.emailVerified) throw new AppwriteError('user_already_exists', 'An account with this e-mail already exists; sign in to it first to link this provider.');
    if (sameEmail) {
      user = sameEmail.email_verification === 1 ? sameEmail : await users.update(sameEmail.id, { email_verification: 1 });
    } else {
      user = await registerUser(services.accounts, { id: uniqueId(), email: profile.email || null, name: profile.name, emailVerified: profile.emailVerified });
      await log.record(ctx, user, 'user.create');
    }
  }
  if (user.status !== 1) throw new AppwriteError('user_blocked');
  const timestamp = now();
  await identities.save({
    id: linked?.id ?? uniqueId(),
    user_id: user.id,
    provider,
    provider_uid: profile.id,
    provider_email: profile.email,
    provider_access_token: tokens.accessToken,
    provider_access_token_expiry: tokens.expiresIn ? formatDate(new Date(Date.now() + tokens.expiresIn * 1000)) : '',
    provider_refresh_token: tokens.refreshToken,
    created_at: linked?.created_at ?? timestamp,
    updated_at: timestamp,
  });
  return user;
}
