import { createMembership, deleteMembership, getMembership, listMemberships, updateMembership, updateMembershipStatus } from './membership-routes.ts';
import { createTeam, deleteTeam, getTeam, getTeamPrefs, listTeams, updateTeamName, updateTeamPrefs } from './team-routes.ts';

export const teamsRoutes = [
  listTeams, createTeam, getTeam, updateTeamName, deleteTeam, getTeamPrefs, updateTeamPrefs,
  listMemberships, createMembership, getMembership, updateMembership, deleteMembership, updateMembershipStatus,
];
