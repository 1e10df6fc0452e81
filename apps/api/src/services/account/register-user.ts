import type { AuthDb } from '../../db/system/auth-tables.ts';
import type { TargetStore } from './target-store.ts';
import type { NewUser, UserStore } from './user-store.ts';
import type { UserRow } from './account-rows.ts';

export interface Registry {
  users: UserStore;
  targets: TargetStore;
}

/**
 * A new user with the messaging targets of its addresses, written together: a crash never leaves
 * an account without its e-mail or SMS target. Inside `executor` (the caller's transaction) when
 * given, so a caller's own rows (an invitation's membership) commit with it.
 */
export async function registerUser(registry: Registry, user: NewUser, executor?: AuthDb): Promise<UserRow> {
  const write = async (db: AuthDb) => {
    const row = await registry.users.create(user, db);
    if (row.email) await registry.targets.replaceAddress(row.id, 'email', row.email, db);
    if (row.phone) await registry.targets.replaceAddress(row.id, 'sms', row.phone, db);
    return row;
  };
  return executor ? write(executor) : registry.users.transaction(write);
}
