import type { Selectable } from 'kysely';
import { now } from '../../core/dates.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { authDb, type AuthDb, type AuthTables } from '../../db/system/auth-tables.ts';

export type SessionRow = Selectable<AuthTables['_auth_sessions']>;

/** Appwrite's default: a user keeps at most this many sessions; the oldest go first. */
export const MAX_SESSIONS_PER_USER = 10;

/** Sessions by id and by the SHA-256 of their secret (the secret itself is never stored). */
export class SessionStore {
  private readonly db: AuthDb;

  constructor(dialect: SqlDialect) {
    this.db = authDb(dialect);
  }

  async create(row: SessionRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('_auth_sessions').values(row).execute();
      const keep = await trx
        .selectFrom('_auth_sessions').select('id').where('user_id', '=', row.user_id)
        .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(MAX_SESSIONS_PER_USER).execute();
      await trx.deleteFrom('_auth_sessions').where('user_id', '=', row.user_id).where('id', 'not in', keep.map((session) => session.id)).execute();
    });
  }

  async findBySecretHash(secretHash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('_auth_sessions').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
  }

  async get(userId: string, id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('_auth_sessions').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  /** The user's sessions that have not expired, newest first. */
  async list(userId: string): Promise<SessionRow[]> {
    return this.db.selectFrom('_auth_sessions').selectAll().where('user_id', '=', userId).where('expire', '>', now()).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  async update(id: string, changes: Partial<Omit<SessionRow, 'id' | 'user_id' | 'created_at'>>): Promise<void> {
    await this.db.updateTable('_auth_sessions').set(changes).where('id', '=', id).execute();
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('_auth_sessions').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteAll(userId: string): Promise<void> {
    await this.db.deleteFrom('_auth_sessions').where('user_id', '=', userId).execute();
  }

  async deleteAllExcept(userId: string, keepId: string): Promise<void> {
    await this.db.deleteFrom('_auth_sessions').where('user_id', '=', userId).where('id', '!=', keepId).execute();
  }
}
