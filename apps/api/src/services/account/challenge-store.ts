import type { Selectable } from 'kysely';
import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import { formatDate, now } from '../../core/dates.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { authDb, type AuthDb, type AuthTables } from '../../db/system/auth-tables.ts';

export type ChallengeRow = Selectable<AuthTables['_auth_challenges']>;
export type ChallengeType = 'email' | 'phone' | 'totp' | 'recoverycode';

/** An MFA challenge lives this long (§15.2). */
export const CHALLENGE_LIFETIME_SECONDS = 60 * 60;

/** Open MFA challenges; e-mail and phone challenges keep the hash of the code that was sent. */
export class ChallengeStore {
  private readonly db: AuthDb;

  constructor(dialect: SqlDialect) {
    this.db = authDb(dialect);
  }

  async create(userId: string, type: ChallengeType, codeHash = ''): Promise<ChallengeRow> {
    const created = new Date();
    const row: ChallengeRow = {
      id: uniqueId(),
      user_id: userId,
      type,
      code_hash: codeHash,
      expire: formatDate(new Date(created.getTime() + CHALLENGE_LIFETIME_SECONDS * 1000)),
      created_at: formatDate(created),
    };
    await this.db.insertInto('_auth_challenges').values(row).execute();
    return row;
  }

  /** The user's unexpired challenge with this id. */
  async find(userId: string, id: string): Promise<ChallengeRow | undefined> {
    return this.db.selectFrom('_auth_challenges').selectAll().where('user_id', '=', userId).where('id', '=', id).where('expire', '>', now()).executeTakeFirst();
  }

  /** False when another request completed it first. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('_auth_challenges').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
