import { now } from '../../core/dates.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { authDb, type AuthDb } from '../../db/system/auth-tables.ts';
import type { SessionRow } from './account-rows.ts';
import { userResourceEvent, type EventBus } from '../../events/index.ts';
import { sessionModel } from './account-models.ts';
import type { GeoLocator } from '../locale/geo-locator.ts';
import { countryOf } from '../locale/place.ts';

/** Appwrite's default: a user keeps at most this many sessions; the oldest go first. */
export const MAX_SESSIONS_PER_USER = 10;

/** Sessions by id and by the SHA-256 of their secret (the secret itself is never stored). */
export class SessionStore {
  private readonly db: AuthDb;
  private readonly events: EventBus;
  private readonly geo: GeoLocator;

  constructor(dialect: SqlDialect, events: EventBus, geo: GeoLocator) {
    this.db = authDb(dialect);
    this.events = events;
    this.geo = geo;
  }

  /** Appends `users.U.sessions.S.<action>` (the Session model, secret blank) in `trx`. */
  private announce(trx: AuthDb, action: 'create' | 'update' | 'delete', row: SessionRow, current: boolean): Promise<void> {
    return this.events.append(trx, userResourceEvent('sessions', action, row.user_id, sessionModel(row, current ? row.id : null, '', countryOf(this.geo, row.ip, 'en'))));
  }

  async create(row: SessionRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.announce(trx, 'create', row, true);
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

  /** A sign-in extended to `expire` (the account's session update, with its event); false when there is no such session. */
  async extend(userId: string, id: string, expire: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('_auth_sessions').set({ expire, updated_at: now() }).where('user_id', '=', userId).where('id', '=', id).execute();
      const row = await trx.selectFrom('_auth_sessions').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      if (row) await this.announce(trx, 'update', row, false);
      return row !== undefined;
    });
  }

  async delete(userId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('_auth_sessions').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      if (!row) return false;
      await trx.deleteFrom('_auth_sessions').where('id', '=', id).execute();
      await this.announce(trx, 'delete', row, false);
      return true;
    });
  }

  /** Ends every session of the user; `current` (signing out everywhere): the one event Appwrite sends is for that session. */
  async deleteAll(userId: string, current?: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = current ? await trx.selectFrom('_auth_sessions').selectAll().where('user_id', '=', userId).where('id', '=', current).executeTakeFirst() : undefined;
      await trx.deleteFrom('_auth_sessions').where('user_id', '=', userId).execute();
      if (row) await this.announce(trx, 'delete', row, true);
    });
  }

  async deleteAllExcept(userId: string, keepId: string): Promise<void> {
    await this.db.deleteFrom('_auth_sessions').where('user_id', '=', userId).where('id', '!=', keepId).execute();
  }
}
