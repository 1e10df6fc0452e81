import type { Selectable } from 'kysely';
import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { authDb, type AuthDb, type AuthTables } from '../../db/system/auth-tables.ts';

export type TargetRow = Selectable<AuthTables['_auth_targets']>;
export type TargetType = 'email' | 'sms' | 'push';

/** Messaging targets of a user: the e-mail address, the phone number and push tokens. */
export class TargetStore {
  private readonly db: AuthDb;

  constructor(dialect: SqlDialect) {
    this.db = authDb(dialect);
  }

  async list(userId: string): Promise<TargetRow[]> {
    return this.db.selectFrom('_auth_targets').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  }

  async get(userId: string, id: string): Promise<TargetRow | undefined> {
    return this.db.selectFrom('_auth_targets').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  async create(userId: string, type: TargetType, identifier: string, options: { id?: string; providerId?: string; name?: string } = {}, executor: AuthDb = this.db): Promise<TargetRow> {
    const timestamp = now();
    const row: TargetRow = {
      id: options.id ?? uniqueId(),
      user_id: userId,
      provider_type: type,
      provider_id: options.providerId ?? '',
      identifier,
      name: options.name ?? '',
      expired: 0,
      created_at: timestamp,
      updated_at: timestamp,
    };
    if (await executor.selectFrom('_auth_targets').select('id').where('id', '=', row.id).executeTakeFirst()) {
      throw new AppwriteError('user_target_already_exists');
    }
    await executor.insertInto('_auth_targets').values(row).execute();
    return row;
  }

  async updateIdentifier(userId: string, id: string, identifier: string): Promise<TargetRow> {
    await this.db.updateTable('_auth_targets').set({ identifier, expired: 0, updated_at: now() }).where('user_id', '=', userId).where('id', '=', id).execute();
    const row = await this.get(userId, id);
    if (!row) throw new AppwriteError('user_target_not_found');
    return row;
  }

  /**
   * Keeps the user's single e-mail or SMS target in step with the account's address; `executor`:
   * the caller's transaction. A changed address keeps its target (as Appwrite does), so topic
   * subscriptions follow it; a removed one takes the target, and with it its subscriptions.
   */
  async replaceAddress(userId: string, type: 'email' | 'sms', identifier: string | null, executor: AuthDb = this.db): Promise<void> {
    const existing = await executor.selectFrom('_auth_targets').select('id').where('user_id', '=', userId).where('provider_type', '=', type).orderBy('created_at').executeTakeFirst();
    if (existing && identifier) {
      await executor.updateTable('_auth_targets').set({ identifier, expired: 0, updated_at: now() }).where('id', '=', existing.id).execute();
      await executor.deleteFrom('_auth_targets').where('user_id', '=', userId).where('provider_type', '=', type).where('id', '!=', existing.id).execute();
      return;
    }
    await executor.deleteFrom('_auth_targets').where('user_id', '=', userId).where('provider_type', '=', type).execute();
    if (identifier) await this.create(userId, type, identifier, {}, executor);
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('_auth_targets').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
