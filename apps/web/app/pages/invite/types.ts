import type { Problem } from '../../lib/account/problem';
import type { RouteMessages } from '../../lib/route-messages';

/** Who opened the invitation, as far as it matters for answering it. */
export type InviteViewer = { status: 'signedOut' } | { status: 'invitee'; who: string } | { status: 'someoneElse'; who: string };

export type InviteData = { messages: RouteMessages[]; siteName: string } & (
  /** The link lacks a part (cut short by a mail program, typed by hand). */
  | { stage: 'invalid' }
  | { stage: 'invited'; teamId: string; teamName: string; isEditors: boolean; viewer: InviteViewer }
  /** Accepted: the visitor is a signed-in member now. */
  | { stage: 'joined'; team: { id: string; name: string }; isEditors: boolean; consolePath: string | null; needsPassword: boolean }
  | { stage: 'declined'; teamName: string }
);

export type InviteIntent = 'accept' | 'decline' | 'signout' | 'password';

export type InviteResult =
  /** `onward`: where an invitation accepted already leads (the console, for a member of `editors`). */
  | { intent: InviteIntent; problem: Problem; field?: 'password'; onward?: string }
  /** Only the invitee may decline, so a visitor who is not signed in signs in first. */
  | { intent: 'decline'; signInFirst: true }
  | { intent: 'password'; saved: true };

/** Answers of the API to accepting that the page explains in its own words (team.json, `invite.problems`). */
export const ACCEPT_OUTCOMES = {
  team_invite_mismatch: 'mismatch',
  membership_already_confirmed: 'alreadyAccepted',
  team_invalid_secret: 'invalidSecret',
  membership_not_found: 'gone',
  team_membership_mismatch: 'gone',
  team_not_found: 'gone',
} as const;

export type AcceptOutcome = (typeof ACCEPT_OUTCOMES)[keyof typeof ACCEPT_OUTCOMES];

export function acceptOutcomeOf(problem: Problem): AcceptOutcome | null {
  return (ACCEPT_OUTCOMES as Record<string, AcceptOutcome>)[problem.type] ?? null;
}
