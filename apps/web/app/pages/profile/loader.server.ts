import { Query, Teams, type Models } from 'appwrite';
import { redirect } from 'react-router';
import { describeClient, type ClientFields } from '../../lib/account/client-description';
import { withNext } from '../../lib/account/next-path';
import { SECOND_FACTORS } from '../../lib/account/second-factor';
import { accountState, type AccountUser } from '../../lib/account/state.server';
import { Visitor } from '../../lib/account/visitor.server';
import { EDITORS_TEAM_ID } from '../../lib/console/editor-access.server';
import { CONSOLE_PATH } from '../../lib/console/paths';
import { COLOUR_MODES, type ColourMode } from '../../lib/colour-mode';
import { siteEnv } from '../../lib/env.server';
import { routeMessages } from '../../lib/i18n.server';
import { emailTargetOf, subscribersByTopic } from '../../lib/messaging/subscribers.server';
import { followableTopics } from '../../lib/messaging/topics.server';
import { staticPaths } from '../../lib/urls';
import type { ActivityEntry, ProfileData, ProfileSubscriptions, ProfileTeam } from './types';

const ACTIVITY_LIMIT = 20;

type LogRow = ClientFields & { event: string; time: string };

/** `GET /account/logs`: SDK 28 has no method for it any more, so through the SDK client's `call`. */
async function recentActivity(visitor: Visitor): Promise<ActivityEntry[]> {
  const client = visitor.client();
  const url = new URL(`${siteEnv().apiEndpoint}/account/logs`);
  const list = (await client.call('get', url, { 'X-Appwrite-Project': siteEnv().projectId, accept: 'application/json' }, { queries: [Query.limit(ACTIVITY_LIMIT)] })) as { logs: LogRow[] };
  return list.logs.map((log) => ({ event: log.event, time: log.time, client: describeClient(log) }));
}

/** The teams the account belongs to (`teams.list` lists only those), each with the account's membership. */
async function teamsOf(visitor: Visitor, userId: string): Promise<ProfileTeam[]> {
  const teams = new Teams(visitor.client());
  const list = await teams.list({ queries: [Query.orderAsc('name'), Query.limit(100)] });
  return Promise.all(
    list.teams.map(async (team) => {
      const { memberships } = await teams.listMemberships({ teamId: team.$id, queries: [Query.equal('userId', userId), Query.limit(1)] });
      const mine = memberships[0];
      return { id: team.$id, name: team.name, total: team.total, membershipId: mine?.$id ?? '', roles: mine?.roles ?? [], joined: mine?.joined ?? '', consolePath: team.$id === EDITORS_TEAM_ID ? CONSOLE_PATH : null };
    }),
  );
}

/** Every topic the account can follow (that the API has), each marked when one of its subscribers is the account's. */
async function subscriptionsOf(request: Request, visitor: Visitor, user: AccountUser): Promise<ProfileSubscriptions> {
  const topics = await followableTopics(request);
  const subscribers = await subscribersByTopic(visitor.client(), topics.map((topic) => topic.id));
  return {
    address: user.email,
    addressVerified: user.emailVerification,
    hasEmailTarget: emailTargetOf(user) !== undefined,
    topics: topics.filter((topic) => topic.id in subscribers).map((topic) => ({ ...topic, subscribed: subscribers[topic.id]!.length > 0 })),
  };
}

function preference<T extends string>(prefs: Models.Preferences, key: string, allowed: readonly T[]): T | null {
  const value = (prefs as Record<string, unknown>)[key];
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/**
 * `/activeUserProfile`: everything about the signed-in account. Guests go to sign in (302, and
 * back here after); a sign-in waiting for its second factor goes to that step.
 */
export async function profileLoader(request: Request): Promise<ProfileData> {
  const visitor = new Visitor(request);
  const state = await accountState(visitor);
  if (state.status !== 'signedIn') throw redirect(withNext(staticPaths.signin, staticPaths.profile + new URL(request.url).search));
  const { user } = state;
  const account = visitor.account;
  const [factors, sessions, identities, activity, teams, subscriptions] = await Promise.all([
    account.listMfaFactors(),
    account.listSessions(),
    account.listIdentities(),
    recentActivity(visitor),
    teamsOf(visitor, user.$id),
    subscriptionsOf(request, visitor, user).catch((error: unknown) => {
      console.warn(`profile: subscriptions could not be read: ${error instanceof Error ? error.message : String(error)}`);
      return { address: user.email, addressVerified: user.emailVerification, hasEmailTarget: false, topics: [] };
    }),
  ]);
  const { languages } = siteEnv();
  return {
    messages: routeMessages(request, 'account', 'profile'),
    user: {
      name: user.name,
      email: user.email,
      phone: user.phone,
      emailVerified: user.emailVerification,
      phoneVerified: user.phoneVerification,
      mfa: user.mfa,
      registered: user.registration,
      hasPassword: user.passwordUpdate !== '',
    },
    prefs: { language: preference(user.prefs, 'language', languages), colourMode: preference<ColourMode>(user.prefs, 'colourMode', COLOUR_MODES) },
    languages,
    factors: SECOND_FACTORS.filter((factor) => (factor === 'recoverycode' ? factors.recoveryCode : factors[factor])),
    totpEnrolled: factors.totp,
    recoveryCodes: factors.recoveryCode,
    sessions: sessions.sessions.map((session) => ({ id: session.$id, current: session.current, provider: session.provider, createdAt: session.$createdAt, client: describeClient(session) })),
    identities: identities.identities.map((identity) => ({ id: identity.$id, provider: identity.provider, providerEmail: identity.providerEmail, createdAt: identity.$createdAt })),
    activity,
    teams,
    subscriptions,
  };
}
