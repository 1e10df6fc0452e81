import type { Kysely } from 'kysely';
import type { SqlDialect } from '../dialect.ts';

/**
 * The account service's own tables. They are not collections: nothing in appwrite.json describes
 * them and no document API reaches them. Dates are wire-format strings, booleans 0/1, lists and
 * objects JSON text, so both engines store them the same way.
 */
export interface AuthTables {
  _auth_users: {
    id: string;
    created_at: string;
    updated_at: string;
    name: string;
    email: string | null;
    phone: string | null;
    password_hash: string | null;
    password_updated_at: string | null;
    status: number;
    labels: string;
    email_verification: number;
    phone_verification: number;
    mfa: number;
    prefs: string;
    recovery_codes: string | null;
    totp_secret: string | null;
    totp_verified: number;
    accessed_at: string;
  };
  _auth_sessions: {
    id: string;
    user_id: string;
    secret_hash: string;
    provider: string;
    provider_uid: string;
    provider_access_token: string;
    provider_access_token_expiry: string;
    provider_refresh_token: string;
    ip: string;
    user_agent: string;
    factors: string;
    mfa_updated_at: string;
    expire: string;
    created_at: string;
    updated_at: string;
  };
  _auth_tokens: {
    id: string;
    user_id: string;
    kind: string;
    secret_hash: string;
    phrase: string;
    expire: string;
    created_at: string;
  };
  _auth_identities: {
    id: string;
    user_id: string;
    provider: string;
    provider_uid: string;
    provider_email: string;
    provider_access_token: string;
    provider_access_token_expiry: string;
    provider_refresh_token: string;
    created_at: string;
    updated_at: string;
  };
  _auth_targets: {
    id: string;
    user_id: string;
    provider_type: string;
    provider_id: string;
    identifier: string;
    name: string;
    expired: number;
    created_at: string;
    updated_at: string;
  };
  _auth_challenges: {
    id: string;
    user_id: string;
    type: string;
    code_hash: string;
    expire: string;
    created_at: string;
  };
  _auth_logs: {
    id: string;
    user_id: string;
    event: string;
    mode: string;
    ip: string;
    user_agent: string;
    user_email: string;
    user_name: string;
    time: string;
  };
  _auth_settings: {
    key: string;
    value: string;
  };
}

export type AuthDb = Kysely<AuthTables>;

export function authDb(dialect: SqlDialect): AuthDb {
  return dialect.db as AuthDb;
}

/** Creates any missing auth table and index; safe to run on every start. */
export async function applyAuthTables(dialect: SqlDialect): Promise<void> {
  const text = 'text';
  const db = dialect.db.schema;
  await db
    .createTable('_auth_users').ifNotExists()
    .addColumn('id', text, (column) => column.primaryKey())
    .addColumn('created_at', text, (column) => column.notNull())
    .addColumn('updated_at', text, (column) => column.notNull())
    .addColumn('name', text, (column) => column.notNull().defaultTo(''))
    .addColumn('email', text, (column) => column.unique())
    .addColumn('phone', text, (column) => column.unique())
    .addColumn('password_hash', text)
    .addColumn('password_updated_at', text)
    .addColumn('status', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('labels', text, (column) => column.notNull().defaultTo('[]'))
    .addColumn('email_verification', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('phone_verification', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('mfa', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('prefs', text, (column) => column.notNull().defaultTo('{}'))
    .addColumn('recovery_codes', text)
    .addColumn('totp_secret', text)
    .addColumn('totp_verified', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('accessed_at', text, (column) => column.notNull())
    .execute();
  await db
    .createTable('_auth_sessions').ifNotExists()
    .addColumn('id', text, (column) => column.primaryKey())
    .addColumn('user_id', text, (column) => column.notNull().references('_auth_users.id').onDelete('cascade'))
    .addColumn('secret_hash', text, (column) => column.notNull().unique())
    .addColumn('provider', text, (column) => column.notNull())
    .addColumn('provider_uid', text, (column) => column.notNull().defaultTo(''))
    .addColumn('provider_access_token', text, (column) => column.notNull().defaultTo(''))
    .addColumn('provider_access_token_expiry', text, (column) => column.notNull().defaultTo(''))
    .addColumn('provider_refresh_token', text, (column) => column.notNull().defaultTo(''))
    .addColumn('ip', text, (column) => column.notNull().defaultTo(''))
    .addColumn('user_agent', text, (column) => column.notNull().defaultTo(''))
    .addColumn('factors', text, (column) => column.notNull().defaultTo('[]'))
    .addColumn('mfa_updated_at', text, (column) => column.notNull().defaultTo(''))
    .addColumn('expire', text, (column) => column.notNull())
    .addColumn('created_at', text, (column) => column.notNull())
    .addColumn('updated_at', text, (column) => column.notNull())
    .execute();
  await db.createIndex('_auth_sessions_user').ifNotExists().on('_auth_sessions').columns(['user_id', 'created_at']).execute();
  await db
    .createTable('_auth_tokens').ifNotExists()
    .addColumn('id', text, (column) => column.primaryKey())
    .addColumn('user_id', text, (column) => column.notNull().references('_auth_users.id').onDelete('cascade'))
    .addColumn('kind', text, (column) => column.notNull())
    .addColumn('secret_hash', text, (column) => column.notNull())
    .addColumn('phrase', text, (column) => column.notNull().defaultTo(''))
    .addColumn('expire', text, (column) => column.notNull())
    .addColumn('created_at', text, (column) => column.notNull())
    .execute();
  await db.createIndex('_auth_tokens_user').ifNotExists().on('_auth_tokens').columns(['user_id', 'kind']).execute();
  await db
    .createTable('_auth_identities').ifNotExists()
    .addColumn('id', text, (column) => column.primaryKey())
    .addColumn('user_id', text, (column) => column.notNull().references('_auth_users.id').onDelete('cascade'))
    .addColumn('provider', text, (column) => column.notNull())
    .addColumn('provider_uid', text, (column) => column.notNull())
    .addColumn('provider_email', text, (column) => column.notNull().defaultTo(''))
    .addColumn('provider_access_token', text, (column) => column.notNull().defaultTo(''))
    .addColumn('provider_access_token_expiry', text, (column) => column.notNull().defaultTo(''))
    .addColumn('provider_refresh_token', text, (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', text, (column) => column.notNull())
    .addColumn('updated_at', text, (column) => column.notNull())
    .addUniqueConstraint('_auth_identities_provider_uid', ['provider', 'provider_uid'])
    .execute();
  await db.createIndex('_auth_identities_user').ifNotExists().on('_auth_identities').column('user_id').execute();
  await db
    .createTable('_auth_targets').ifNotExists()
    .addColumn('id', text, (column) => column.primaryKey())
    .addColumn('user_id', text, (column) => column.notNull().references('_auth_users.id').onDelete('cascade'))
    .addColumn('provider_type', text, (column) => column.notNull())
    .addColumn('provider_id', text, (column) => column.notNull().defaultTo(''))
    .addColumn('identifier', text, (column) => column.notNull())
    .addColumn('name', text, (column) => column.notNull().defaultTo(''))
    .addColumn('expired', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', text, (column) => column.notNull())
    .addColumn('updated_at', text, (column) => column.notNull())
    .execute();
  await db.createIndex('_auth_targets_user').ifNotExists().on('_auth_targets').column('user_id').execute();
  await db
    .createTable('_auth_challenges').ifNotExists()
    .addColumn('id', text, (column) => column.primaryKey())
    .addColumn('user_id', text, (column) => column.notNull().references('_auth_users.id').onDelete('cascade'))
    .addColumn('type', text, (column) => column.notNull())
    .addColumn('code_hash', text, (column) => column.notNull().defaultTo(''))
    .addColumn('expire', text, (column) => column.notNull())
    .addColumn('created_at', text, (column) => column.notNull())
    .execute();
  await db
    .createTable('_auth_logs').ifNotExists()
    .addColumn('id', text, (column) => column.primaryKey())
    .addColumn('user_id', text, (column) => column.notNull())
    .addColumn('event', text, (column) => column.notNull())
    .addColumn('mode', text, (column) => column.notNull())
    .addColumn('ip', text, (column) => column.notNull())
    .addColumn('user_agent', text, (column) => column.notNull())
    .addColumn('user_email', text, (column) => column.notNull())
    .addColumn('user_name', text, (column) => column.notNull())
    .addColumn('time', text, (column) => column.notNull())
    .execute();
  await db.createIndex('_auth_logs_user_time').ifNotExists().on('_auth_logs').columns(['user_id', 'time']).execute();
  await db
    .createTable('_auth_settings').ifNotExists()
    .addColumn('key', text, (column) => column.primaryKey())
    .addColumn('value', text, (column) => column.notNull())
    .execute();
}
