/**
 * Users, sessions and mail for the Account compat tests. The SDKs cannot keep cookies in Node, so a
 * session call's `a_session_<project>` cookie is read off the wire and handed to `setSession`, as
 * a browser would hand it back in its Cookie header.
 */
import { outboxDir } from '../../../src/mail/index.ts';
import { hashPassword } from '../../../src/services/account/primitives/password.ts';
import { readOutbox, type OutboxMessage } from '../../support/outbox.ts';
import { TEST_PROJECT } from '../../support/test-server.ts';
import type { Models } from './account-api.ts';
import type { CompatContext } from './compat-suite.ts';
import type { SdkConnection } from './sdk-generations.ts';

export const SESSION_COOKIE = `a_session_${TEST_PROJECT}`;
/** A page of the site (test servers allow http://allowed.test), for links in mails. */
export const SITE_PAGE = 'http://allowed.test/account/finish';

/** The session token a response sets, URL-decoded; '' when it clears the cookie; undefined when it does not touch it. */
export function sessionCookieOf(response: Response): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    if (cookie.startsWith(`${SESSION_COOKIE}=`)) return decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!);
  }
  return undefined;
}

/** Runs an SDK call and returns what it resolved to with the session cookie its response set, if any. */
export async function withSessionCookie<T>(call: () => Promise<T>): Promise<{ result: T; token: string | undefined }> {
  const original = globalThis.fetch;
  let token: string | undefined;
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    token = sessionCookieOf(response) ?? token;
    return response;
  };
  try {
    return { result: await call(), token };
  } finally {
    globalThis.fetch = original;
  }
}

/** Runs an SDK call that must set a session cookie; what it resolved to and the cookie's token. */
export async function captureSession<T>(call: () => Promise<T>): Promise<{ result: T; token: string }> {
  const { result, token } = await withSessionCookie(call);
  if (!token) throw new Error('the call set no session cookie');
  return { result, token };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

let users = 0;

/** Details nobody has used on this server yet. */
export function freshUser(label: string): TestUser {
  const unique = `${label}-${++users}-${Math.random().toString(36).slice(2, 8)}`;
  return { id: unique.replace(/[^a-zA-Z0-9]/g, '').slice(0, 36), email: `${unique}@example.org`, password: `pw-${unique}-secret`, name: `User ${label}` };
}

/** The password of every user made by signUp. */
const SETUP_PASSWORD = 'setup-user-password-0f3a9c';
let setupHash: Promise<string> | undefined;

/**
 * A user as sign-up leaves it (e-mail target included), written through the server's own stores.
 * Argon2 hashing is most of this suite's time, so these users share one password hash; the tests
 * about sign-up itself call `account.create`.
 */
export async function signUp(context: CompatContext, label: string): Promise<TestUser> {
  const user = { ...freshUser(label), password: SETUP_PASSWORD };
  setupHash ??= hashPassword(SETUP_PASSWORD);
  const { users, targets } = context.server.app.services.accounts;
  await users.create({ id: user.id, email: user.email, name: user.name, passwordHash: await setupHash });
  await targets.replaceAddress(user.id, 'email', user.email);
  return user;
}

export interface SignedIn {
  connection: SdkConnection;
  session: Models.Session;
  token: string;
}

/** A new connection signed in with e-mail and password through the SDK. */
export async function signIn(context: CompatContext, user: Pick<TestUser, 'email' | 'password'>): Promise<SignedIn> {
  const connection = context.connect(TEST_PROJECT);
  const { result: session, token } = await captureSession(() => connection.account.createEmailPasswordSession(user.email, user.password));
  connection.setSession(token);
  return { connection, session, token };
}

/** A connection acting as `token`. */
export function withSession(context: CompatContext, token: string): SdkConnection {
  return context.connect(TEST_PROJECT).setSession(token);
}

export async function signUpAndIn(context: CompatContext, label: string): Promise<SignedIn & { user: TestUser }> {
  const user = await signUp(context, label);
  return { user, ...(await signIn(context, user)) };
}

/** The newest mail or text to `to` in the server's outbox. */
export async function lastMessageTo(context: CompatContext, to: string): Promise<OutboxMessage> {
  const messages = (await readOutbox(outboxDir(context.server.dataDir))).filter((message) => message.to === to);
  const last = messages.at(-1);
  if (!last) throw new Error(`no message to ${to} in the outbox`);
  return last;
}

/** How many messages went to `to`. */
export async function messageCount(context: CompatContext, to: string): Promise<number> {
  return (await readOutbox(outboxDir(context.server.dataDir))).filter((message) => message.to === to).length;
}

/** The one link of a message's text. */
export function linkIn(message: OutboxMessage): URL {
  const links = message.text.match(/https?:\/\/\S+/g) ?? [];
  if (links.length !== 1) throw new Error(`expected one link in the message, found ${links.length}`);
  return new URL(links[0]!);
}

/** The one 6-digit code of a message's text. */
export function codeIn(message: OutboxMessage): string {
  const codes = message.text.match(/\b\d{6}\b/g) ?? [];
  if (codes.length !== 1) throw new Error(`expected one code in the message, found ${codes.length}`);
  return codes[0]!;
}

/** userId and secret from a mailed link, as the page it opens would read them. */
export function linkSecret(link: URL): { userId: string; secret: string } {
  const userId = link.searchParams.get('userId');
  const secret = link.searchParams.get('secret');
  if (!userId || !secret) throw new Error(`the link ${link.pathname} carries no userId and secret`);
  return { userId, secret };
}
