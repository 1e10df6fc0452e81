import type { ClientDescription } from '../../lib/account/client-description';
import type { Problem } from '../../lib/account/problem';
import type { QrDrawing } from '../../lib/account/qr-code.server';
import type { SecondFactor } from '../../lib/account/second-factor';
import type { ColourMode } from '../../lib/colour-mode';
import type { TopicChoice } from '../../lib/messaging/topic-choice';
import type { RouteMessages } from '../../lib/route-messages';

export interface ProfileSession {
  id: string;
  current: boolean;
  provider: string;
  createdAt: string;
  client: ClientDescription;
}

export interface ProfileIdentity {
  id: string;
  provider: string;
  providerEmail: string;
  createdAt: string;
}

/** A team the account belongs to, with the account's own membership of it. */
export interface ProfileTeam {
  id: string;
  name: string;
  /** Confirmed members. */
  total: number;
  membershipId: string;
  roles: string[];
  joined: string;
  /** The editors' team: its members get a way into the console (only they get its address). */
  consolePath: string | null;
}

export interface ActivityEntry {
  event: string;
  time: string;
  client: ClientDescription;
}

/** A topic the account can follow, and whether it does. */
export interface ProfileTopic extends TopicChoice {
  subscribed: boolean;
}

/** "Subscriptions to updates": where mail goes (the account's address, if it has an e-mail target) and each topic. */
export interface ProfileSubscriptions {
  address: string;
  addressVerified: boolean;
  hasEmailTarget: boolean;
  topics: ProfileTopic[];
}

/** The subscriptions form's checkboxes: one per topic to follow, named this, valued with the topic's id. */
export const TOPIC_FIELD = 'topic';

export interface ProfileData {
  messages: RouteMessages[];
  user: {
    name: string;
    email: string;
    phone: string;
    emailVerified: boolean;
    phoneVerified: boolean;
    mfa: boolean;
    registered: string;
    /** False for accounts made by a code, a link or OAuth2: they have no password to confirm with. */
    hasPassword: boolean;
  };
  prefs: { language: string | null; colourMode: ColourMode | null };
  languages: string[];
  /** Second factors the account can complete a challenge with. */
  factors: SecondFactor[];
  totpEnrolled: boolean;
  recoveryCodes: boolean;
  sessions: ProfileSession[];
  identities: ProfileIdentity[];
  activity: ActivityEntry[];
  teams: ProfileTeam[];
  subscriptions: ProfileSubscriptions;
}

/** Every form of the page, by `intent`. */
export const PROFILE_INTENTS = [
  'name',
  'email',
  'phone',
  'password',
  'prefs',
  'email-verify',
  'phone-verify-send',
  'phone-verify',
  'totp-start',
  'totp-confirm',
  'totp-remove',
  'mfa-on',
  'mfa-off',
  'codes-create',
  'codes-regenerate',
  'reauth-send',
  'reauth-verify',
  'session-delete',
  'sessions-others',
  'sessions-all',
  'identity-delete',
  'team-leave',
  'subscriptions',
  'block',
] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

/** Intents the API only allows shortly after a second-factor challenge ("recent MFA"). */
export const RECENT_MFA_INTENTS = ['totp-remove', 'codes-regenerate'] as const;
export type RecentMfaIntent = (typeof RECENT_MFA_INTENTS)[number];

export interface ProfileResult {
  intent: ProfileIntent;
  /** When the answer came: remounts the answered form, so its fields show the new values. */
  at: number;
  ok?: true;
  problem?: Problem;
  /** The field a problem is about. */
  field?: string;
  /** What the visitor typed (never passwords), to put back after a problem. */
  values?: Record<string, string>;
  /** For `reauth-*`: what the confirmation is for. */
  then?: RecentMfaIntent;
  /** A challenge was needed: its state (factor and, once a code was sent, its id). */
  challenge?: { factor: SecondFactor; challengeId: string; problem?: Problem };
  totp?: { secret: string; uri: string; qr: QrDrawing };
  recoveryCodes?: string[];
  colourMode?: ColourMode;
  /** How many sessions ended (`sessions-others`). */
  ended?: number;
}
