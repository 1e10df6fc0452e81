import type { Registry } from '../account/register-user.ts';
import { MembershipsService } from './memberships-service.ts';
import type { TeamRecords } from './team-records.ts';
import { TeamsService } from './teams-service.ts';

/** The teams service's parts, built once per app. */
export interface TeamServices {
  records: TeamRecords;
  teams: TeamsService;
  memberships: MembershipsService;
}

export function createTeamServices(records: TeamRecords, registry: Registry): TeamServices {
  const teams = new TeamsService(records);
  return { records, teams, memberships: new MembershipsService(records, teams, registry) };
}
