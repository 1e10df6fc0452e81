import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import { now } from '../../core/dates.ts';
import type { RequestContext } from '../../core/context.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { authDb, type AuthDb } from '../../db/system/auth-tables.ts';
import type { LogEntry } from './account-models.ts';
import type { UserRow } from './account-rows.ts';

/** Audit event names as Appwrite's account logs show them. */
export type AuditEvent =
  | 'user.create' | 'user.update' | 'session.create' | 'session.update' | 'session.delete' | 'verification.create' | 'verification.update'
  | 'recovery.create' | 'recovery.update' | 'challenge.create' | 'challenge.update' | 'target.create' | 'target.update' | 'target.delete'
  | 'identity.delete' | 'jwt.create' | 'mfa.update' | 'authenticator.create' | 'authenticator.update' | 'authenticator.delete'
  | 'recoverycodes.create' | 'recoverycodes.update';

/** What each user did with their account, newest first; the "activity" list of the profile page. */
export class AuditLog {
  private readonly db: AuthDb;

  constructor(dialect: SqlDialect) {
    this.db = authDb(dialect);
  }

  async record(ctx: RequestContext, user: UserRow, event: AuditEvent): Promise<void> {
    await this.db.insertInto('_auth_logs').values({
      id: uniqueId(),
      user_id: user.id,
      event,
      mode: ctx.identity.admin ? 'admin' : 'default',
      ip: ctx.ip,
      user_agent: ctx.userAgent,
      user_email: user.email ?? '',
      user_name: user.name,
      time: now(),
    }).execute();
  }

  async list(userId: string, limit: number, offset: number): Promise<{ total: number; entries: LogEntry[] }> {
    const rows = await this.db.selectFrom('_auth_logs').selectAll().where('user_id', '=', userId).orderBy('time', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
    const counted = await this.db.selectFrom('_auth_logs').select((eb) => eb.fn.countAll<number | string>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return {
      total: Number(counted.count),
      entries: rows.map((row) => ({ event: row.event, userId: row.user_id, userEmail: row.user_email, userName: row.user_name, mode: row.mode, ip: row.ip, time: row.time, userAgent: row.user_agent })),
    };
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.db.deleteFrom('_auth_logs').where('user_id', '=', userId).execute();
  }
}
