/**
 * The `editors` team in the end-to-end suite: accounts made members with the operator key (such
 * memberships are confirmed at once), invitations sent as a signed-in owner (those are mailed),
 * and memberships looked up behind the scenes.
 */
import { PASSWORD } from './account.ts';
import { e2e } from './browser.ts';
import { q } from './api.ts';

export const EDITORS_TEAM = 'editors';
export const CONSOLE = '/ieiwrhiwrhwiehhweiwieewewe';

export interface Membership {
  $id: string;
  userId: string;
  userEmail: string;
  confirm: boolean;
  joined: string;
  roles: string[];
}

async function api<T>(method: string, path: string, options: { body?: unknown; cookie?: string; operator?: boolean } = {}): Promise<{ status: number; body: T }> {
  const { url, apiKey, projectId } = e2e();
  const headers: Record<string, string> = { 'X-Appwrite-Project': projectId };
  if (options.operator !== false && !options.cookie) headers['X-Appwrite-Key'] = apiKey;
  if (options.cookie) headers['Cookie'] = options.cookie;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${url}/v1${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function expectOk<T>(method: string, path: string, options: Parameters<typeof api>[2] = {}): Promise<T> {
  const { status, body } = await api<T>(method, path, options);
  if (status >= 300) throw new Error(`${method} /v1${path} → ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** A new account (password PASSWORD), made with the operator key; its id. */
export async function createUser(account: { email: string; name: string }): Promise<string> {
  const user = await expectOk<{ $id: string }>('POST', '/account', { body: { userId: 'unique()', email: account.email, password: PASSWORD, name: account.name } });
  return user.$id;
}

/** Makes an existing account a confirmed member of `editors` with `role`. */
export async function addToEditors(userId: string, role: 'owner' | 'editor'): Promise<Membership> {
  return expectOk<Membership>('POST', `/teams/${EDITORS_TEAM}/memberships`, { body: { userId, roles: [role] } });
}

/** A new account that is already a member of `editors`. */
export async function createMember(account: { email: string; name: string }, role: 'owner' | 'editor'): Promise<{ userId: string; membership: Membership }> {
  const userId = await createUser(account);
  return { userId, membership: await addToEditors(userId, role) };
}

/** The `Cookie` header of a fresh session of the account (signed in through the API, as a browser would). */
export async function sessionCookieOf(email: string, password = PASSWORD): Promise<string> {
  const { url, projectId } = e2e();
  const response = await fetch(`${url}/v1/account/sessions/email`, {
    method: 'POST',
    headers: { 'X-Appwrite-Project': projectId, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 201) throw new Error(`sign-in of ${email} → ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`a_session_${projectId}=`));
  if (!cookie) throw new Error('the sign-in set no session cookie');
  return cookie.split(';', 1)[0]!;
}

/** An owner's invitation to `email`, as the Team page sends it (the mail links to the site's /invite). */
export async function inviteAsOwner(ownerCookie: string, email: string, options: { name?: string; role?: 'owner' | 'editor' } = {}): Promise<Membership> {
  return expectOk<Membership>('POST', `/teams/${EDITORS_TEAM}/memberships`, {
    cookie: ownerCookie,
    body: { roles: [options.role ?? 'editor'], email, url: `${e2e().url}/invite`, ...(options.name ? { name: options.name } : {}) },
  });
}

/** `userId`'s membership of `editors` (pending or confirmed), or undefined. */
export async function membershipOf(userId: string): Promise<Membership | undefined> {
  const query = `queries[0]=${encodeURIComponent(q.equal('userId', userId))}`;
  const { memberships } = await expectOk<{ memberships: Membership[] }>('GET', `/teams/${EDITORS_TEAM}/memberships?${query}`);
  return memberships[0];
}

/** Asks the API as the holder of `cookie` (no operator key): status and body. */
export function callAs<T = unknown>(cookie: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return api<T>(method, path, { cookie, body });
}
