import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { AppwriteError } from '../../core/errors.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { AccountServices } from '../account/account-services.ts';
import type { TargetRow } from '../account/target-store.ts';
import type { UserRow } from '../account/account-rows.ts';
import { compileUserListQuery } from './user-list-query.ts';
import { userModel, type UserModel } from './user-model.ts';

/** Appwrite counts list totals up to this many (APP_LIMIT_COUNT). */
const COUNT_LIMIT = 5000;

export interface UserListRequest {
  queries: readonly string[];
  search?: string | undefined;
  countTotal: boolean;
}

type Order = { column: string; direction: 'asc' | 'desc' };

/** Rows strictly after (or before) `cursor` in `orders`, each order column compared only where the earlier ones tie. */
function pastCursor(orders: readonly Order[], cursor: Record<string, unknown>, direction: 'after' | 'before'): RawBuilder<SqlBool> {
  const branches = orders.map((order, index) => {
    const ties = orders.slice(0, index).map((earlier) => sql<SqlBool>`${sql.ref(earlier.column)} = ${cursor[earlier.column]}`);
    const forward = (order.direction === 'asc') === (direction === 'after');
    const step = forward ? sql<SqlBool>`${sql.ref(order.column)} > ${cursor[order.column]}` : sql<SqlBool>`${sql.ref(order.column)} < ${cursor[order.column]}`;
    return sql<SqlBool>`(${sql.join([...ties, step], sql` and `)})`;
  });
  return sql<SqlBool>`(${sql.join(branches, sql` or `)})`;
}

/** Users as keys see them (Appwrite's Users service): listed with queries, rendered with their targets. */
export class UsersDirectory {
  private readonly dialect: SqlDialect;
  private readonly accounts: AccountServices;

  constructor(dialect: SqlDialect, accounts: AccountServices) {
    this.dialect = dialect;
    this.accounts = accounts;
  }

  async model(user: UserRow): Promise<UserModel> {
    return userModel(user, await this.accounts.targets.list(user.id));
  }

  async require(userId: string): Promise<UserRow> {
    return this.accounts.users.require(userId);
  }

  async list(request: UserListRequest): Promise<{ total: number; users: UserModel[] }> {
    const { plan, where, orders } = compileUserListQuery(this.dialect, request.queries, request.search);
    // Registration order breaks ties (Appwrite's internal sequence), then the id.
    const ordering: Order[] = [...orders, { column: 'created_at', direction: 'asc' }, { column: 'id', direction: 'asc' }];
    const conditions = [...where];
    if (plan.cursor) {
      const cursor = await this.accounts.users.get(plan.cursor.documentId);
      if (!cursor) throw new AppwriteError('general_cursor_not_found', `User '${plan.cursor.documentId}' for the 'cursor' value not found.`);
      const values = cursor as unknown as Record<string, unknown>;
      const unset = ordering.find((order) => values[order.column] === null);
      if (unset) throw new AppwriteError('database_query_order_null', `The order attribute '${unset.column}' had a null value. Cursor pagination requires all documents order attribute values are non-null.`);
      conditions.push(pastCursor(ordering, values, plan.cursor.direction));
    }
    const backwards = plan.cursor?.direction === 'before';
    let query = this.dialect.db.selectFrom('_auth_users').selectAll();
    for (const condition of conditions) query = query.where(condition);
    for (const order of ordering) {
      const direction = backwards ? (order.direction === 'asc' ? 'desc' : 'asc') : order.direction;
      query = query.orderBy(order.column, direction);
    }
    const rows = (await query.limit(plan.limit).offset(plan.offset).execute()) as UserRow[];
    if (backwards) rows.reverse();
    const targets = await this.targetsOf(rows.map((row) => row.id));
    const users = rows.map((row) => userModel(row, targets.get(row.id) ?? []));
    return { total: request.countTotal ? await this.count(where) : 0, users };
  }

  private async count(where: readonly RawBuilder<SqlBool>[]): Promise<number> {
    let inner = this.dialect.db.selectFrom('_auth_users').select('id');
    for (const condition of where) inner = inner.where(condition);
    const row = await this.dialect.db.selectFrom(inner.limit(COUNT_LIMIT).as('matches')).select((builder) => builder.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    return Number(row.total);
  }

  private async targetsOf(userIds: readonly string[]): Promise<Map<string, TargetRow[]>> {
    const byUser = new Map<string, TargetRow[]>();
    if (userIds.length === 0) return byUser;
    const rows = (await this.dialect.db.selectFrom('_auth_targets').selectAll().where('user_id', 'in', [...userIds]).orderBy('created_at').orderBy('id').execute()) as TargetRow[];
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    return byUser;
  }
}
