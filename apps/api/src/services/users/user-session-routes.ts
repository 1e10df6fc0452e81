import { AppwriteError } from '../../core/errors.ts';
import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';
import { sessionModel } from '../account/account-models.ts';
import { listMembershipsOf } from './user-memberships.ts';
import { userIdParam, usersDirectory } from './user-routes.ts';

export const listUserSessions = defineRoute({
  id: 'users.listSessions',
  method: 'GET',
  path: '/users/{userId}/sessions',
  summary: "A user's sessions that have not expired (none is `current` for a key).",
  scope: 'users.read',
  params: { ...userIdParam, total: param.boolean({ description: 'false: `total` is 0.' }) },
  response: { status: 200, model: 'SessionList' },
  handler: async ({ params, services }) => {
    const user = await usersDirectory(services).require(params.userId);
    const sessions = (await services.accounts.sessions.list(user.id)).map((row) => sessionModel(row, null));
    return { total: params.total === false ? 0 : sessions.length, sessions };
  },
});

export const deleteUserSessions = defineRoute({
  id: 'users.deleteSessions',
  method: 'DELETE',
  path: '/users/{userId}/sessions',
  summary: "End all of a user's sessions.",
  scope: 'users.write',
  params: userIdParam,
  response: { status: 204 },
  handler: async ({ params, services }) => {
    const user = await usersDirectory(services).require(params.userId);
    await services.accounts.sessions.deleteAll(user.id);
  },
});

export const deleteUserSession = defineRoute({
  id: 'users.deleteSession',
  method: 'DELETE',
  path: '/users/{userId}/sessions/{sessionId}',
  summary: "End one of a user's sessions.",
  scope: 'users.write',
  params: { ...userIdParam, sessionId: param.uid({ required: true, description: 'Session ID.' }) },
  response: { status: 204 },
  handler: async ({ params, services }) => {
    const user = await usersDirectory(services).require(params.userId);
    if (!(await services.accounts.sessions.delete(user.id, params.sessionId))) throw new AppwriteError('user_session_not_found');
  },
});

export const listUserMemberships = defineRoute({
  id: 'users.listMemberships',
  method: 'GET',
  path: '/users/{userId}/memberships',
  summary: "A user's team memberships and invitations.",
  scope: 'users.read',
  params: {
    ...userIdParam,
    queries: param.queries({ description: 'Query strings on userId, teamId, invited, joined, confirm, roles.' }),
    search: param.string({ max: 256, description: 'Words matched against the memberships.' }),
    total: param.boolean({ description: 'false: `total` is 0.' }),
  },
  response: { status: 200, model: 'MembershipList' },
  handler: async ({ params, services }) => {
    const user = await usersDirectory(services).require(params.userId);
    return listMembershipsOf(services.teams.records, user, { queries: params.queries ?? [], search: params.search }, params.total ?? true);
  },
});

export const userSessionRoutes = [listUserSessions, deleteUserSessions, deleteUserSession, listUserMemberships];
