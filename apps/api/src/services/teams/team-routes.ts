import { defineRoute } from '../../core/route.ts';
import { param } from '../../core/params.ts';

const teamId = param.uid({ required: true, description: 'Team ID.' });
const listParams = {
  queries: param.queries({ description: 'Query strings on name and total: filters, order, limit, offset, cursor.' }),
  search: param.string({ max: 256, description: 'Free text matched against the id and name.' }),
  total: param.boolean({ description: 'When false the count is skipped and total is 0.' }),
};

export const listTeams = defineRoute({
  id: 'teams.list',
  method: 'GET',
  path: '/teams',
  summary: 'List the teams the caller is a confirmed member of.',
  scope: 'teams.read',
  params: listParams,
  response: { status: 200, model: 'TeamList' },
  handler: ({ params, ctx, services }) =>
    services.teams.teams.list(ctx.identity, { queries: params.queries ?? [], search: params.search }, params.total ?? true),
});

export const createTeam = defineRoute({
  id: 'teams.create',
  method: 'POST',
  path: '/teams',
  summary: 'Create a team; the creator becomes its first member with the given roles and always owner.',
  scope: 'teams.write',
  params: {
    teamId: param.newId({ required: true, description: 'Team ID, or unique() to have one generated.' }),
    name: param.string({ required: true, min: 1, max: 128, description: 'Team name.' }),
    roles: param.roles({ description: "The creator's roles in the team; owner is always added. Default: [owner]." }),
  },
  response: { status: 201, model: 'Team' },
  handler: ({ params, ctx, services }) =>
    services.teams.teams.create(ctx.identity, params.teamId, params.name, params.roles ?? ['owner']),
});

export const getTeam = defineRoute({
  id: 'teams.get',
  method: 'GET',
  path: '/teams/{teamId}',
  summary: 'Get a team the caller is a member of.',
  scope: 'teams.read',
  params: { teamId },
  response: { status: 200, model: 'Team' },
  handler: ({ params, ctx, services }) => services.teams.teams.get(ctx.identity, params.teamId),
});

export const updateTeamName = defineRoute({
  id: 'teams.updateName',
  method: 'PUT',
  path: '/teams/{teamId}',
  summary: "Rename a team (owners).",
  scope: 'teams.write',
  params: { teamId, name: param.string({ required: true, min: 1, max: 128, description: 'New team name.' }) },
  response: { status: 200, model: 'Team' },
  handler: ({ params, ctx, services }) => services.teams.teams.updateName(ctx.identity, params.teamId, params.name),
});

export const deleteTeam = defineRoute({
  id: 'teams.delete',
  method: 'DELETE',
  path: '/teams/{teamId}',
  summary: 'Delete a team and every membership of it (owners).',
  scope: 'teams.write',
  params: { teamId },
  response: { status: 204 },
  handler: ({ params, ctx, services }) => services.teams.teams.delete(ctx.identity, params.teamId),
});

export const getTeamPrefs = defineRoute({
  id: 'teams.getPrefs',
  method: 'GET',
  path: '/teams/{teamId}/prefs',
  summary: "Get a team's shared preferences (members).",
  scope: 'teams.read',
  params: { teamId },
  response: { status: 200, model: 'Preferences' },
  handler: ({ params, ctx, services }) => services.teams.teams.getPrefs(ctx.identity, params.teamId),
});

export const updateTeamPrefs = defineRoute({
  id: 'teams.updatePrefs',
  method: 'PUT',
  path: '/teams/{teamId}/prefs',
  summary: "Replace a team's preferences (owners; at most 64 KB of JSON).",
  scope: 'teams.write',
  params: { teamId, prefs: param.prefs({ required: true, description: 'The whole preferences object.' }) },
  response: { status: 200, model: 'Preferences' },
  handler: ({ params, ctx, services }) => services.teams.teams.updatePrefs(ctx.identity, params.teamId, params.prefs),
});
