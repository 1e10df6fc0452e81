import type { Problem } from '../../../lib/account/problem';

/** The roles of `editors` the console hands out: `owner` manages the team, `editor` edits (appwrite.json). */
export const TEAM_ROLES = ['editor', 'owner'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export function isTeamRole(value: unknown): value is TeamRole {
  return (TEAM_ROLES as readonly unknown[]).includes(value);
}

export interface TeamMember {
  membershipId: string;
  userId: string;
  name: string;
  email: string;
  roles: string[];
  /** False while the invitation waits for an answer. */
  confirmed: boolean;
  invited: string;
  /** '' until confirmed. */
  joined: string;
  isYou: boolean;
}

export interface TeamPageData {
  isOwner: boolean;
  members: TeamMember[];
  /** Languages an invitation mail can be written in, and the one chosen at first (the page's). */
  languages: string[];
  language: string;
}

export interface InviteValues {
  email: string;
  name: string;
  role: string;
  language: string;
}

export type TeamResult =
  | { intent: 'invite'; at: number; ok: true; email: string }
  | { intent: 'invite'; at: number; problem: Problem; field?: 'email' | 'name'; values: InviteValues }
  | { intent: 'role' | 'remove'; at: number; membershipId: string; ok: true }
  | { intent: 'role' | 'remove'; at: number; membershipId: string; problem: Problem };
