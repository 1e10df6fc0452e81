import { ADMIN } from '../../core/context.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';

export interface GrantRequest {
  email: string;
  teamId: string;
  role: string;
}

export type GrantOutcome = { kind: 'added' | 'updated' | 'unchanged'; userId: string; membershipId: string; roles: string[] };

/**
 * The operator's way to make someone an editor or owner (`npm run editor`): the account must
 * exist (its owner signed up), and its membership is confirmed at once with exactly `role`.
 */
export async function grantTeamRole(services: Services, request: GrantRequest): Promise<GrantOutcome> {
  const email = request.email.trim().toLowerCase();
  const user = await services.accounts.users.findByEmail(email);
  if (!user) throw new AppwriteError('user_not_found', `No account uses ${email}. Sign up on the site with that address first, then run this again.`);
  const { memberships, records } = services.teams;
  const existing = await records.membershipOf(request.teamId, user.id);
  if (existing?.data['confirm'] === true) {
    const roles = existing.data['roles'] as string[];
    if (roles.length === 1 && roles[0] === request.role) return { kind: 'unchanged', userId: user.id, membershipId: existing.id, roles };
    const updated = await memberships.updateRoles(ADMIN, request.teamId, existing.id, [request.role]);
    return { kind: 'updated', userId: user.id, membershipId: updated.$id, roles: updated.roles };
  }
  const { membership } = await memberships.invite(ADMIN, request.teamId, { userId: user.id }, [request.role], () => '', () => '');
  return { kind: 'added', userId: user.id, membershipId: membership.$id, roles: membership.roles };
}
