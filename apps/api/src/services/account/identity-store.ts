import type { Selectable } from 'kysely';
import type { SqlDialect } from '../../db/dialect.ts';
import { authDb, type AuthDb, type AuthTables } from '../../db/system/auth-tables.ts';
import type { EqualityFilter } from './page-queries.ts';

export type IdentityRow = Selectable<AuthTables['_auth_identities']>;
export type IdentityColumn = 'user_id' | 'provider' | 'provider_uid' | 'provider_email' | 'provider_access_token_expiry';

/** What Appwrite lets a client filter identities by (Identities query validator), and their columns. */
export const IDENTITY_FILTER_COLUMNS: Readonly<Record<string, IdentityColumn>> = {
  userId: 'user_id',
  provider: 'provider',
  providerUid: 'provider_uid',
  providerEmail: 'provider_email',
  providerAccessTokenExpiry: 'provider_access_token_expiry',
};

/** Links between a user and their accounts at OAuth2 providers. */
export class IdentityStore {
  private readonly db: AuthDb;

  constructor(dialect: SqlDialect) {
    this.db = authDb(dialect);
  }

  async list(userId: string, limit: number, offset: number, filters: readonly EqualityFilter<IdentityColumn>[] = []): Promise<{ total: number; rows: IdentityRow[] }> {
    const matching = filters.reduce(
      (query, filter) => (filter.negate ? query.where(filter.column, '!=', filter.values[0]!) : query.where(filter.column, 'in', filter.values)),
      this.db.selectFrom('_auth_identities').where('user_id', '=', userId),
    );
    const rows = await matching.selectAll().orderBy('created_at').orderBy('id').limit(limit).offset(offset).execute();
    const counted = await matching.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
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
