import type { RequestContext } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { withQuery } from '../account/redirect-urls.ts';
import type { InvitationOutcome } from './memberships-service.ts';
import type { MembershipModel } from './team-models.ts';

/** How long an invitation link can be accepted (Appwrite's never expire; a week is what the mail promises). */
export const INVITATION_LIFETIME_MINUTES = 7 * 24 * 60;

/** Sends the invitation link by mail (or text, for an invitee known only by phone) in the invitee's language. */
export async function deliverInvitation(ctx: RequestContext, services: Services, membership: MembershipModel, delivery: NonNullable<InvitationOutcome['delivery']>, url: string): Promise<void> {
  const link = withQuery(url, { membershipId: membership.$id, userId: delivery.invitee.id, secret: delivery.secret, teamId: membership.teamId, teamName: delivery.teamName });
  const inviter = ctx.identity.signedIn?.user;
  const input = { url: link, teamName: delivery.teamName, inviterName: inviter?.name || inviter?.email || ctx.config.siteName, expiresInMinutes: INVITATION_LIFETIME_MINUTES };
  const { messenger } = services.accounts;
  if (delivery.channel === 'email') await messenger.mail(ctx, delivery.invitee, delivery.invitee.email!, 'team-invitation', input);
  else await messenger.invitationText(ctx, delivery.invitee, delivery.invitee.phone!, input);
}
