import type { Selectable } from 'kysely';
import type { SqlDialect } from '../../db/dialect.ts';
import { authDb, type AuthDb, type AuthTables } from '../../db/system/auth-tables.ts';

export type IdentityRow = Selectable<AuthTables['_auth_identities']>;

/** Links between a user and their accounts at OAuth2 providers. */
export class IdentityStore {
  private readonly db: AuthDb;

  constructor(dialect: SqlDialect) {
    this.db = authDb(dialect);
  }

  async list(userId: string, limit: number, offset: number): Promise<{ total: number; rows: IdentityRow[] }> {
    const rows = await this.db.selectFrom('_auth_identities').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').limit(limit).offset(offset).execute();
    const counted = await this.db.selectFrom('_auth_identities').select((eb) => eb.fn.countAll<number | string>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return { total: Number(counted.count), rows };
  }

  async findByProvider(provider: string, providerUid: string): Promise<IdentityRow | undefined> {
    return this.db.selectFrom('_auth_identities').selectAll().where('provider', '=', provider).where('provider_uid', '=', providerUid).executeTakeFirst();
  }

  async save(row: IdentityRow): Promise<void> {
    await this.db
      .insertInto('_auth_identities').values(row)
      .onConflict((conflict) => conflict.columns(['provider', 'provider_uid']).doUpdateSet({
        provider_email: row.provider_email,
        provider_access_token: row.provider_access_token,
        provider_access_token_expiry: row.provider_access_token_expiry,
        provider_refresh_token: row.provider_refresh_token,
        updated_at: row.updated_at,
      }))
      .execute();
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('_auth_identities').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
