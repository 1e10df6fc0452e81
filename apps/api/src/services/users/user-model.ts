import { accountModel } from '../account/account-models.ts';
import type { TargetRow } from '../account/target-store.ts';
import type { UserRow } from '../account/account-rows.ts';

/** The argon2 parameters a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) carries, as Appwrite's `hashOptions` names them. */
function argon2Options(passwordHash: string | null): Record<string, string | number> {
  const parameters = passwordHash?.split('$')[3];
  const values = Object.fromEntries((parameters ?? '').split(',').map((pair) => pair.split('=') as [string, string]));
  const number = (key: string): number | undefined => (values[key] === undefined ? undefined : Number(values[key]));
  const memoryCost = number('m');
  const timeCost = number('t');
  const threads = number('p');
  return {
    type: 'argon2',
    ...(memoryCost === undefined ? {} : { memoryCost }),
    ...(timeCost === undefined ? {} : { timeCost }),
    ...(threads === undefined ? {} : { threads }),
  };
}

/**
 * Appwrite's User model (what keys see): the Account model plus how the password is hashed. The
 * hash itself stays on the server (decision 026), so `password` is not sent.
 */
export function userModel(user: UserRow, targets: readonly TargetRow[]) {
  const { $id, $createdAt, $updatedAt, name, ...rest } = accountModel(user, targets);
  return { $id, $createdAt, $updatedAt, name, hash: 'argon2', hashOptions: argon2Options(user.password_hash), ...rest };
}

export type UserModel = ReturnType<typeof userModel>;
