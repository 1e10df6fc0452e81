import { resolveNewId } from '@ballot-atlas/shared/appwrite/id';
import type { z } from 'zod';
import { param, type ParamDefinition } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';
import type { Services } from '../../core/services.ts';
import { userEvent } from '../../events/index.ts';
import { hashPassword } from '../account/primitives/password.ts';
import { registerUser } from '../account/register-user.ts';
import type { AuthDb } from '../../db/system/auth-tables.ts';
import { allMembershipsOf } from './user-memberships.ts';
import { UsersDirectory } from './users-directory.ts';

export function usersDirectory(services: Services): UsersDirectory {
  return new UsersDirectory(services.dialect, services.accounts);
}

/** Appwrite's Nullable validator: `null` means "none", as leaving the param out does. */
function orNull<T extends ParamDefinition>(definition: T): T & { schema: z.ZodNullable<T['schema']> } {
  return { ...definition, schema: definition.schema.nullable() };
}

export const userIdParam = { userId: param.uid({ required: true, description: 'User ID.' }) };

export const listUsers = defineRoute({
  id: 'users.list',
  method: 'GET',
  path: '/users',
  summary: "The project's users, filtered and sorted by queries (name, email, phone, status, passwordUpdate, registration, emailVerification, phoneVerification, labels, accessedAt).",
  scope: 'users.read',
  params: {
    queries: param.queries({ description: 'Query strings (filters, orders, limit, offset, cursor).' }),
    search: param.string({ max: 256, description: 'Words matched against the id, e-mail, phone and name.' }),
    total: param.boolean({ description: 'false: `total` is 0 and not counted.' }),
  },
  response: { status: 200, model: 'UserList' },
  handler: ({ params, services }) => usersDirectory(services).list({ queries: params.queries ?? [], search: params.search, countTotal: params.total ?? true }),
});

export const getUser = defineRoute({
  id: 'users.get',
  method: 'GET',
  path: '/users/{userId}',
  summary: 'One user.',
  scope: 'users.read',
  params: userIdParam,
  response: { status: 200, model: 'User' },
  handler: async ({ params, services }) => {
    const directory = usersDirectory(services);
    return directory.model(await directory.require(params.userId));
  },
});

export const createUser = defineRoute({
  id: 'users.create',
  method: 'POST',
  path: '/users',
  summary: 'Create a user; the password (if any) is hashed with argon2id. It does not sign in.',
  scope: 'users.write',
  params: {
    userId: param.newId({ required: true, description: 'User ID, or unique() to have one generated.' }),
    email: orNull(param.email({ description: 'E-mail address, or null.' })),
    phone: orNull(param.phone({ description: 'Phone number in E.164 format, or null.' })),
    password: param.password({ description: 'Password, 8 to 256 characters.' }),
    name: param.string({ max: 128, description: 'Display name, at most 128 characters.' }),
  },
  response: { status: 201, model: 'User' },
  handler: async ({ params, services }) => {
    const user = await registerUser(services.accounts, {
      id: resolveNewId(params.userId),
      name: params.name ?? '',
      email: params.email ?? null,
      phone: params.phone ?? null,
      passwordHash: params.password ? await hashPassword(params.password) : null,
    });
    return usersDirectory(services).model(user);
  },
});

export const deleteUser = defineRoute({
  id: 'users.delete',
  method: 'DELETE',
  path: '/users/{userId}',
  summary: 'Delete a user with their sessions, targets and team memberships.',
  scope: 'users.write',
  params: userIdParam,
  response: { status: 204 },
  handler: async ({ params, services }) => {
    const directory = usersDirectory(services);
    const user = await directory.require(params.userId);
    const model = await directory.model(user);
    const records = services.teams.records;
    const memberships = await allMembershipsOf(records, user.id);
    await records.transaction(async (trx) => {
      for (const membership of memberships) {
        await records.memberships.delete(membership.sequence, trx);
        await records.recountTotal(trx, membership.data['teamId'] as string);
      }
      // Sessions, tokens, identities, targets and their topic subscriptions go with the row (foreign keys).
      await services.accounts.users.delete(user.id, trx as AuthDb);
      await services.events.append(trx, userEvent('delete', user.id, model));
    });
  },
});
