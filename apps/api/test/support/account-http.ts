/**
 * Account calls as raw HTTP, for tests that look at what an SDK hides: cookies, headers, error
 * bodies. A signed-in caller is the session token it got back in its cookie.
 */
import { expect } from 'vitest';
import { send, type Method } from './scenario.ts';
import { TEST_PROJECT, type TestServer } from './test-server.ts';

export const SESSION_COOKIE = `a_session_${TEST_PROJECT}`;
/** A page of the site (test servers allow http://allowed.test), for links in mails. */
export const SITE_PAGE = 'http://allowed.test/account/finish';

export interface Credentials {
  id: string;
  email: string;
  password: string;
}

let counter = 0;

export function freshCredentials(label: string): Credentials {
  const unique = `${label}${++counter}${Math.random().toString(36).slice(2, 8)}`;
  return { id: unique.slice(0, 36), email: `${unique}@example.org`, password: `pw-${unique}-long-secret` };
}

/** The `Set-Cookie` line for the session cookie, or undefined. */
export function sessionSetCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

/** The session token a response set in its cookie (URL-decoded). */
export function sessionTokenOf(response: Response): string {
  const line = sessionSetCookie(response);
  if (!line) throw new Error(`the response (${response.status}) set no session cookie`);
  return decodeURIComponent(line.slice(SESSION_COOKIE.length + 1).split(';')[0]!);
}

/** The secret inside a session token (`base64({id, secret})`). */
export function secretOf(token: string): string {
  return (JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { secret: string }).secret;
}

export interface Call {
  /** A session token, sent as the browser would: in the cookie. */
  session?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export function call(server: TestServer, method: Method, path: string, options: Call = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.session) headers['cookie'] = `${SESSION_COOKIE}=${encodeURIComponent(options.session)}`;
  return send(server, { method, path: `/v1${path}`, headers, ...(options.body === undefined ? {} : { body: options.body }) });
}

/** A call that must succeed; its JSON body (undefined for 204). */
export async function ok(server: TestServer, method: Method, path: string, options: Call = {}): Promise<any> {
  const response = await call(server, method, path, options);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

/** A call that must fail with this status and type; the error body. */
export async function fails(server: TestServer, method: Method, path: string, expected: { code: number; type: string }, options: Call = {}): Promise<{ message: string; code: number; type: string }> {
  const response = await call(server, method, path, options);
  const body = await response.json();
  expect({ status: response.status, type: body.type }, `${method} ${path}`).toEqual({ status: expected.code, type: expected.type });
  return body;
}

export async function signUp(server: TestServer, label: string): Promise<Credentials> {
  const credentials = freshCredentials(label);
  await ok(server, 'POST', '/account', { body: { userId: credentials.id, email: credentials.email, password: credentials.password } });
  return credentials;
}

/** Signs in with e-mail and password; the session token and the Session model. */
export async function signIn(server: TestServer, credentials: Pick<Credentials, 'email' | 'password'>, headers: Record<string, string> = {}): Promise<{ token: string; session: any; response: Response }> {
  const response = await call(server, 'POST', '/account/sessions/email', { body: { email: credentials.email, password: credentials.password }, headers });
  const session = await response.json();
  if (response.status !== 201) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(session)}`);
  return { token: sessionTokenOf(response), session, response };
}

/** The one link in a text. */
export function linkIn(text: string): URL {
  const links = text.match(/https?:\/\/\S+/g) ?? [];
  if (links.length !== 1) throw new Error(`expected one link, found ${links.length}`);
  return new URL(links[0]!);
}

/** The one 6-digit code in a text. */
export function codeIn(text: string): string {
  const codes = text.match(/\b\d{6}\b/g) ?? [];
  if (codes.length !== 1) throw new Error(`expected one code, found ${codes.length}`);
  return codes[0]!;
}
