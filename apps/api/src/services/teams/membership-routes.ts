import { AppwriteError } from '../../core/errors.ts';
import { defineRoute } from '../../core/route.ts';
import { param } from '../../core/params.ts';
import { openSession } from '../account/open-session.ts';
import { randomHex, sha256Hex } from '../account/primitives/secrets.ts';
import { assertSiteUrl } from '../account/redirect-urls.ts';
import { deliverInvitation, INVITATION_LIFETIME_MINUTES } from './invitation-delivery.ts';

const teamId = param.uid({ required: true, description: 'Team ID.' });
const membershipId = param.uid({ required: true, description: 'Membership ID.' });
const path = '/teams/{teamId}/memberships';

export const listMemberships = defineRoute({
  id: 'teams.listMemberships',
  method: 'GET',
  path,
  summary: "List a team's members and pending invitations (members).",
  scope: 'teams.read',
  params: {
    teamId,
    queries: param.queries({ description: 'Query strings on userId, teamId, invited, joined, confirm, roles.' }),
    search: param.string({ max: 256, description: "Free text matched against the membership and user ids, the member's name and e-mail." }),
    total: param.boolean({ description: 'When false the count is skipped and total is 0.' }),
  },
  response: { status: 200, model: 'MembershipList' },
  handler: ({ params, ctx, services }) =>
    services.teams.memberships.list(ctx.identity, params.teamId, { queries: params.queries ?? [], search: params.search }, params.total ?? true),
});

export const createMembership = defineRoute({
  id: 'teams.createMembership',
  method: 'POST',
  path,
  summary: 'Invite someone by user id, e-mail or phone (owners). The invitee gets a link to accept; the operator\'s invitations are confirmed at once.',
  scope: 'teams.write',
  abuse: { limit: 10, windowSeconds: 3600, key: ['url', 'ip', 'userId'] },
  params: {
    teamId,
    roles: param.roles({ required: true, description: "The invitee's roles in the team." }),
    email: param.email({ description: 'E-mail of the invitee; an unknown address gets a new account.' }),
    userId: param.uid({ description: 'Id of an existing user to invite.' }),
    phone: param.phone({ description: 'Phone of the invitee (E.164).' }),
    url: param.url({ description: "Page of the site the invitation link opens; membershipId, userId, secret, teamId and teamName are added to it. Required except for the operator." }),
    name: param.string({ max: 128, description: 'Name of a new invitee.' }),
  },
  response: { status: 201, model: 'Membership' },
  handler: async ({ params, ctx, services }) => {
    if (params.url) assertSiteUrl(ctx.config, params.url, 'url');
    else if (!ctx.identity.admin) throw new AppwriteError('general_argument_invalid', 'URL is required');
    const invitee = { userId: params.userId, email: params.email, phone: params.phone, name: params.name };
    const outcome = await services.teams.memberships.invite(ctx.identity, params.teamId, invitee, params.roles, sha256Hex, () => randomHex(128));
    if (outcome.delivery) {
      try {
        await deliverInvitation(ctx, services, outcome.membership, outcome.delivery, params.url!);
      } catch (error) {
        await services.teams.memberships.withdraw(outcome);
        throw error;
      }
    }
    return outcome.membership;
  },
});

export const getMembership = defineRoute({
  id: 'teams.getMembership',
  method: 'GET',
  path: `${path}/{membershipId}`,
  summary: 'Get one membership of a team (members).',
  scope: 'teams.read',
  params: { teamId, membershipId },
  response: { status: 200, model: 'Membership' },
  handler: ({ params, ctx, services }) => services.teams.memberships.get(ctx.identity, params.teamId, params.membershipId),
});

export const updateMembership = defineRoute({
  id: 'teams.updateMembership',
  method: 'PATCH',
  path: `${path}/{membershipId}`,
  summary: "Change a member's roles (owners); the last owner keeps owner.",
  scope: 'teams.write',
  params: { teamId, membershipId, roles: param.roles({ required: true, description: 'The new roles.' }) },
  response: { status: 200, model: 'Membership' },
  handler: ({ params, ctx, services }) => services.teams.memberships.updateRoles(ctx.identity, params.teamId, params.membershipId, params.roles),
});

export const deleteMembership = defineRoute({
  id: 'teams.deleteMembership',
  method: 'DELETE',
  path: `${path}/{membershipId}`,
  summary: 'Remove a member or withdraw an invitation (owners), leave a team or decline an invitation (the member themself). The last owner cannot leave.',
  scope: 'teams.write',
  params: { teamId, membershipId },
  response: { status: 204 },
  handler: ({ params, ctx, services }) => services.teams.memberships.delete(ctx.identity, params.teamId, params.membershipId),
});

export const updateMembershipStatus = defineRoute({
  id: 'teams.updateMembershipStatus',
  method: 'PATCH',
  path: `${path}/{membershipId}/status`,
  summary: "Accept an invitation with the userId and secret of its link; without a session, this also signs the invitee in.",
  // No abuse limit, as in Appwrite: the 256-hex secret cannot be guessed, and a shared address (an office) may accept many.
  scope: 'public',
  params: {
    teamId,
    membershipId,
    userId: param.uid({ required: true, description: 'The invitee, from the link.' }),
    secret: param.string({ required: true, min: 1, max: 256, description: 'The secret from the link.' }),
  },
  response: { status: 200, model: 'Membership' },
  handler: async ({ params, ctx, services }) => {
    const lifetimeMs = INVITATION_LIFETIME_MINUTES * 60_000;
    const { membership, invitee } = await services.teams.memberships.accept(ctx.identity, params.teamId, params.membershipId, params.userId, params.secret, sha256Hex, lifetimeMs);
    if (!ctx.identity.signedIn) await openSession(ctx, services, invitee, { provider: 'email', providerUid: invitee.email ?? '', factors: ['email'] });
    return membership;
  },
});
