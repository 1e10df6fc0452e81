import type { Selectable } from 'kysely';
import { formatDate, now } from '../../core/dates.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { authDb, type AuthDb, type AuthTables } from '../../db/system/auth-tables.ts';
import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import { sameSecret, sha256Hex } from './primitives/secrets.ts';

export type TokenRow = Selectable<AuthTables['_auth_tokens']>;

/** What a token is for; a secret only ever works for its own kind. */
export type TokenKind = 'magic-url' | 'email' | 'phone' | 'oauth2' | 'recovery' | 'verification' | 'phone-verification';

export interface IssuedToken {
  row: TokenRow;
  /** The plain secret, to deliver out of band; only its hash is kept. */
  secret: string;
}

/** One-time secrets with an expiry: sign-in tokens, recovery and verification links, codes. */
export class TokenStore {
  private readonly db: AuthDb;

  constructor(dialect: SqlDialect) {
    this.db = authDb(dialect);
  }

  /**
   * Stores a token and hands its secret to `deliver` (a mail, a text, a redirect). When delivery
   * fails the token is removed again, so no usable secret is left behind that nobody received.
   */
  async issue(userId: string, kind: TokenKind, secret: string, lifetimeSeconds: number, deliver: (issued: IssuedToken) => Promise<void>, phrase = ''): Promise<IssuedToken> {
    const created = new Date();
    const row: TokenRow = {
      id: uniqueId(),
      user_id: userId,
      kind,
      secret_hash: sha256Hex(secret),
      phrase,
      expire: formatDate(new Date(created.getTime() + lifetimeSeconds * 1000)),
      created_at: formatDate(created),
    };
    await this.db.insertInto('_auth_tokens').values(row).execute();
    try {
      await deliver({ row, secret });
    } catch (error) {
      await this.db.deleteFrom('_auth_tokens').where('id', '=', row.id).execute();
      throw error;
    }
    return { row, secret };
  }

  /**
   * Finds an unexpired token of one of `kinds` for the user whose secret matches, and deletes it
   * (a secret works once). Expired tokens of the user are removed on the way.
   */
  async consume(userId: string, kinds: readonly TokenKind[], secret: string): Promise<TokenRow | undefined> {
    const timestamp = now();
    await this.db.deleteFrom('_auth_tokens').where('user_id', '=', userId).where('expire', '<=', timestamp).execute();
    const candidates = await this.db.selectFrom('_auth_tokens').selectAll().where('user_id', '=', userId).where('kind', 'in', [...kinds]).execute();
    const hash = sha256Hex(secret);
    const match = candidates.find((token) => sameSecret(token.secret_hash, hash));
    if (!match) return undefined;
    const deleted = await this.db.deleteFrom('_auth_tokens').where('id', '=', match.id).executeTakeFirst();
    // A concurrent request consumed it first.
    return Number(deleted.numDeletedRows) > 0 ? match : undefined;
  }
}
