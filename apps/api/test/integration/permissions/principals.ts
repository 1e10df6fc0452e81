/**
 * The callers of the permission matrix, set up through the API as real people would be: sign-up
 * and sign-in; e-mail verification by following the link of the verification mail in the outbox;
 * blocking by the user's own `PATCH /account/status`; the editor owner made by the operator (the
 * API key adds the confirmed membership, as `npm run editor` does); the editor invited by that
 * owner and accepting with the link of the invitation mail. Plus the operator key and keys from
 * API_KEYS with and without each scope the matrix's routes need.
 */
import { randomBytes } from 'node:crypto';
import { outboxDir } from '../../../src/mail/index.ts';
import { readOutbox } from '../../support/outbox.ts';
import type { MatrixHttp } from './matrix-http.ts';

export const PRINCIPAL_NAMES = [
  'guest', 'user', 'second user', 'unverified user', 'blocked user', 'editor', 'editor owner',
  'API key', 'scoped key with the scope', 'scoped key without the scope',
] as const;
export type PrincipalName = (typeof PRINCIPAL_NAMES)[number];

export interface Membership {
  teamId: string;
  membershipId: string;
  roles: string[];
}

export interface MatrixUser {
  id: string;
  email: string;
  password: string;
  verified: boolean;
  /** The id of the user's e-mail target (for topic subscriptions). */
  emailTargetId: string;
}

export interface Principal {
  name: PrincipalName;
  /** `guest` also for the blocked user: blocking ends every session, so the old one names nobody. */
  kind: 'guest' | 'user' | 'key';
  user?: MatrixUser;
  /** Confirmed memberships; kept current when the matrix deletes and restores a team. */
  memberships: Membership[];
  /** Headers for a request to a route that needs `scope` (a scoped key is picked by it). */
  credentials(scope: string): Record<string, string>;
  /** Whether a key holds `scope` (callers who are not keys: see the rules' role scopes). */
  keyHolds?(scope: string): boolean;
}

/** The API_KEYS entries the matrix's server starts with: for each scope, a key with only it and one with all the others. */
export interface ScopedKeySet {
  env: string;
  withScope(scope: string): string;
  withoutScope(scope: string): string;
}

export function scopedKeysFor(scopes: readonly string[]): ScopedKeySet {
  const secret = () => randomBytes(24).toString('hex');
  const name = (prefix: string, scope: string) => `${prefix}-${scope.replace(/\./g, '-')}`;
  const entries = scopes.flatMap((scope) => [
    { name: name('with', scope), scopes: [scope], secret: secret() },
    { name: name('without', scope), scopes: scopes.filter((other) => other !== scope), secret: secret() },
  ]);
  if (entries.some((entry) => entry.scopes.length === 0)) throw new Error('a key "without" a scope needs another scope to hold');
  const secretOf = (keyName: string) => entries.find((entry) => entry.name === keyName)!.secret;
  return {
    env: entries.map((entry) => `${entry.name}:${entry.scopes.join(',')}:${entry.secret}`).join(';'),
    withScope: (scope) => secretOf(name('with', scope)),
    withoutScope: (scope) => secretOf(name('without', scope)),
  };
}

/** The page the test server lets mails link to. */
const SITE_PAGE = 'http://allowed.test/matrix';

let counter = 0;

async function lastMailTo(dataDir: string, email: string): Promise<string> {
  const messages = (await readOutbox(outboxDir(dataDir))).filter((message) => message.to === email);
  const last = messages.at(-1);
  if (!last) throw new Error(`no mail to ${email} in the outbox`);
  return last.text;
}

function linkIn(text: string, carrying: string): URL {
  const links = (text.match(/https?:\/\/\S+/g) ?? []).map((link) => new URL(link)).filter((link) => link.searchParams.has(carrying));
  if (links.length !== 1) throw new Error(`expected one link carrying ${carrying}, found ${links.length}`);
  return links[0]!;
}

interface SignedUp {
  user: Omit<MatrixUser, 'verified' | 'emailTargetId'>;
  token: string;
}

async function signUpAndIn(http: MatrixHttp, label: string): Promise<SignedUp> {
  const unique = `${label}${++counter}${randomBytes(3).toString('hex')}`;
  const email = `${unique}@example.org`;
  const password = `matrix-password-${unique}`;
  const created = await http.ok('POST', '/account', { body: { userId: 'unique()', email, password, name: label } });
  const token = await http.signIn('/account/sessions/email', 'POST', { email, password });
  return { user: { id: created.$id, email, password }, token };
}

function cookie(http: MatrixHttp, token: string): Record<string, string> {
  return { cookie: `${http.sessionCookie}=${encodeURIComponent(token)}` };
}

async function verifyEmail(http: MatrixHttp, dataDir: string, account: SignedUp): Promise<void> {
  await http.ok('POST', '/account/verification', { headers: cookie(http, account.token), body: { url: SITE_PAGE } });
  const link = linkIn(await lastMailTo(dataDir, account.user.email), 'secret');
  await http.ok('PUT', '/account/verification', { body: { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret') } });
}

export interface PrincipalSetup {
  http: MatrixHttp;
  dataDir: string;
  apiKey: string;
  keys: ScopedKeySet;
  teamIds: readonly string[];
}

/** Every principal of the matrix, in PRINCIPAL_NAMES order. */
export async function setUpPrincipals(setup: PrincipalSetup): Promise<Principal[]> {
  const { http, dataDir, apiKey, keys, teamIds } = setup;
  const operator = { 'x-appwrite-key': apiKey };
  const [user, second, unverified, blocked, editor, owner] = await Promise.all(
    ['user', 'second', 'unverified', 'blocked', 'editor', 'owner'].map((label) => signUpAndIn(http, label)),
  );
  await Promise.all([user, second, owner].map((account) => verifyEmail(http, dataDir, account!)));
  await http.ok('PATCH', '/account/status', { headers: cookie(http, blocked!.token) });

  const ownerships: Membership[] = [];
  const editorships: Membership[] = [];
  for (const teamId of teamIds) {
    const made = await http.ok('POST', `/teams/${teamId}/memberships`, { headers: operator, body: { userId: owner!.user.id, roles: ['owner'] } });
    ownerships.push({ teamId, membershipId: made.$id, roles: ['owner'] });
    await http.ok('POST', `/teams/${teamId}/memberships`, { headers: cookie(http, owner!.token), body: { email: editor!.user.email, roles: ['editor'], url: SITE_PAGE } });
    const invitation = linkIn(await lastMailTo(dataDir, editor!.user.email), 'membershipId');
    const membershipId = invitation.searchParams.get('membershipId')!;
    await http.ok('PATCH', `/teams/${teamId}/memberships/${membershipId}/status`, {
      headers: cookie(http, editor!.token),
      body: { userId: invitation.searchParams.get('userId'), secret: invitation.searchParams.get('secret') },
    });
    editorships.push({ teamId, membershipId, roles: ['editor'] });
  }

  const signedIn = async (name: PrincipalName, account: SignedUp, memberships: Membership[]): Promise<Principal> => {
    const me = await http.ok('GET', '/account', { headers: cookie(http, account.token) });
    const emailTarget = (me.targets as { $id: string; providerType: string }[]).find((target) => target.providerType === 'email');
    return {
      name,
      kind: 'user',
      user: { ...account.user, verified: me.emailVerification === true, emailTargetId: emailTarget?.$id ?? '' },
      memberships,
      credentials: () => cookie(http, account.token),
    };
  };
  const keyPrincipal = (name: PrincipalName, secretFor: (scope: string) => string, holds: (scope: string) => boolean): Principal => ({
    name,
    kind: 'key',
    memberships: [],
    credentials: (scope) => ({ 'x-appwrite-key': secretFor(scope) }),
    keyHolds: holds,
  });
  const principals: Principal[] = [
    { name: 'guest', kind: 'guest', memberships: [], credentials: () => ({}) },
    await signedIn('user', user!, []),
    await signedIn('second user', second!, []),
    await signedIn('unverified user', unverified!, []),
    { name: 'blocked user', kind: 'guest', memberships: [], credentials: () => cookie(http, blocked!.token) },
    await signedIn('editor', editor!, editorships),
    await signedIn('editor owner', owner!, ownerships),
    keyPrincipal('API key', () => apiKey, () => true),
    keyPrincipal('scoped key with the scope', keys.withScope, () => true),
    keyPrincipal('scoped key without the scope', keys.withoutScope, () => false),
  ];
  const expectedVerified: Partial<Record<PrincipalName, boolean>> = { user: true, 'second user': true, 'unverified user': false, editor: true, 'editor owner': true };
  for (const principal of principals) {
    if (principal.user && principal.user.verified !== expectedVerified[principal.name]) throw new Error(`${principal.name}: e-mail verification is ${principal.user.verified}`);
  }
  return principals;
}

export function principalNamed(principals: readonly Principal[], name: PrincipalName): Principal {
  const found = principals.find((principal) => principal.name === name);
  if (!found) throw new Error(`no principal ${name}`);
  return found;
}
