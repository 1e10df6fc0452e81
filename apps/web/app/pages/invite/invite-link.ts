/** The invitation page: the API's invitation mails link here (`url` of `teams.createMembership`). */
export const INVITE_PATH = '/invite';

/** What an invitation mail's link carries: `?membershipId&userId&secret&teamId&teamName`. */
export interface InviteLink {
  teamId: string;
  /** As the link says it; only shown, never trusted for anything. */
  teamName: string;
  membershipId: string;
  userId: string;
  secret: string;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
const SECRET_MAX = 1024;
export const TEAM_NAME_MAX = 128;

/** The invitation in a query string, or null when a part is missing or malformed (a link cut short). */
export function inviteLinkOf(search: URLSearchParams): InviteLink | null {
  const value = (name: string) => (search.get(name) ?? '').trim();
  const link = { teamId: value('teamId'), teamName: value('teamName').slice(0, TEAM_NAME_MAX), membershipId: value('membershipId'), userId: value('userId'), secret: value('secret') };
  const idsValid = [link.teamId, link.membershipId, link.userId].every((id) => ID.test(id));
  return idsValid && link.secret !== '' && link.secret.length <= SECRET_MAX ? link : null;
}

/** Where an accepted invitation lands: the team's welcome, with the secret gone from the address. */
export function joinedPath(teamId: string): string {
  return `${INVITE_PATH}?${new URLSearchParams({ joined: teamId }).toString()}`;
}

export function declinedPath(teamName: string): string {
  return `${INVITE_PATH}?${new URLSearchParams({ declined: teamName }).toString()}`;
}
