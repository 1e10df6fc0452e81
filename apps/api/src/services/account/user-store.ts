import type { Selectable, Updateable } from 'kysely';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { authDb, type AuthDb, type AuthTables } from '../../db/system/auth-tables.ts';
import type { UserRow } from './account-rows.ts';
import { userEvent, type EventBus } from '../../events/index.ts';
import type { AccountChange } from '../../events/event-channels.ts';
import { accountModel } from './account-models.ts';

export type UserChanges = Omit<Updateable<AuthTables['_auth_users']>, 'id' | 'created_at'>;

export interface NewUser {
  id: string;
  name?: string;
  email?: string | null;
  phone?: string | null;
  passwordHash?: string | null;
  emailVerified?: boolean;
}

/** Users of the project: one row each, e-mail and phone unique. */
export class UserStore {
  private readonly db: AuthDb;
  private readonly dialect: SqlDialect;
  private readonly events: EventBus;

  constructor(dialect: SqlDialect, events: EventBus) {
    this.dialect = dialect;
    this.events = events;
    this.db = authDb(dialect);
  }

  /** Runs `work` in one transaction of the auth tables. */
  transaction<T>(work: (trx: AuthDb) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Inserts a user; `executor`: the caller's transaction (see registerUser). */
  async create(user: NewUser, executor: AuthDb = this.db): Promise<UserRow> {
    const timestamp = now();
    const row: UserRow = {
      id: user.id,
      created_at: timestamp,
      updated_at: timestamp,
      name: user.name ?? '',
      email: user.email ?? null,
      phone: user.phone ?? null,
      password_hash: user.passwordHash ?? null,
      password_updated_at: user.passwordHash ? timestamp : null,
      status: 1,
      labels: '[]',
      email_verification: user.emailVerified ? 1 : 0,
      phone_verification: 0,
      mfa: 0,
      prefs: '{}',
      recovery_codes: null,
      totp_secret: null,
      totp_verified: 0,
      accessed_at: timestamp,
    };
    try {
      await executor.insertInto('_auth_users').values(row).execute();
    } catch (error) {
      if (this.dialect.isUniqueViolation(error)) throw new AppwriteError('user_already_exists');
      throw error;
    }
    return row;
  }

  async get(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('_auth_users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The users with these ids that exist, by id. */
  async getMany(ids: readonly string[]): Promise<Map<string, UserRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('_auth_users').selectAll().where('id', 'in', [...new Set(ids)]).execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  async require(id: string): Promise<UserRow> {
    const user = await this.get(id);
    if (!user) throw new AppwriteError('user_not_found');
    return user;
  }

  async delete(id: string, executor: AuthDb = this.db): Promise<void> {
    await executor.deleteFrom('_auth_users').where('id', '=', id).execute();
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('_auth_users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async findByPhone(phone: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('_auth_users').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  /**
   * Applies `changes` and returns the updated row; a taken e-mail or phone answers `conflict`.
   * `announced`: the change as Appwrite names its event (`update.name`…), appended with the write.
   */
  async update(id: string, changes: UserChanges, conflict: 'user_email_already_exists' | 'user_phone_already_exists' = 'user_email_already_exists', announced?: AccountChange): Promise<UserRow> {
    try {
      return await this.transaction(async (trx) => {
        await trx.updateTable('_auth_users').set({ ...changes, updated_at: now() }).where('id', '=', id).execute();
        const user = await trx.selectFrom('_auth_users').selectAll().where('id', '=', id).executeTakeFirst();
        if (!user) throw new AppwriteError('user_not_found');
        if (announced) {
          const targets = await trx.selectFrom('_auth_targets').selectAll().where('user_id', '=', id).orderBy('created_at').orderBy('id').execute();
          await this.events.append(trx, userEvent(announced, id, accountModel(user, targets)));
        }
        return user;
      });
    } catch (error) {
      if (this.dialect.isUniqueViolation(error)) throw new AppwriteError(conflict);
      throw error;
    }
  }

  /**
   * Replaces the recovery codes only if they are still `expected` (null: none yet), so two requests
   * racing to use one code, or to create the codes, cannot both succeed. False when another came first.
   */
  async swapRecoveryCodes(id: string, expected: string | null, next: string): Promise<boolean> {
    const result = await this.db
      .updateTable('_auth_users')
      .set({ recovery_codes: next, updated_at: now() })
      .where('id', '=', id)
      .where('recovery_codes', expected === null ? 'is' : '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Marks the e-mail verified inside the caller's transaction (accepting a mailed invitation proves the address). */
  async markEmailVerified(executor: AuthDb, id: string, timestamp: string): Promise<void> {
    await executor.updateTable('_auth_users').set({ email_verification: 1, updated_at: timestamp }).where('id', '=', id).where('email', 'is not', null).execute();
  }

  async touchAccessedAt(id: string, timestamp: string): Promise<void> {
    await this.db.updateTable('_auth_users').set({ accessed_at: timestamp }).where('id', '=', id).execute();
  }
}
