import type { Selectable } from 'kysely';
import type { AuthTables } from '../../db/system/auth-tables.ts';

// Apart from their stores: the stores build models from rows, and the models and the request
// context read rows, so the row types sit below all three.

/** A stored session. */
export type SessionRow = Selectable<AuthTables['_auth_sessions']>;

/** A stored user account. */
export type UserRow = Selectable<AuthTables['_auth_users']>;
