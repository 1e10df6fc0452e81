import { afterAll, beforeAll, expect } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox.ts';
import { startTestServer, TEST_API_KEY, TEST_PROJECT, type TestServer } from './test-server.ts';

export const GUEST_JSON: Record<string, string> = { 'x-appwrite-project': TEST_PROJECT, 'content-type': 'application/json' };
export const KEY_JSON: Record<string, string> = { ...GUEST_JSON, 'x-appwrite-key': TEST_API_KEY };

export interface JsonAnswer {
  status: number;
  body: any;
  /** The answer's cookies as a `Cookie` header value. */
  cookie: string;
}

export type JsonCall = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<JsonAnswer>;

/** JSON requests to the server `current()` names (it starts in a hook), as `defaults` unless told otherwise. */
export function jsonCaller(current: () => TestServer, defaults: Record<string, string>): JsonCall {
  return async (method, path, body, headers = defaults) => {
    const response = await fetch(`${current().endpoint}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, cookie: response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ') };
  };
}

export interface Reader {
  userId: string;
  email: string;
  targetId: string;
  /** A signed-in visitor's request headers. */
  headers: Record<string, string>;
}

/**
 * A new account, signed in, with `prefs.language` set when asked, added to the editors when asked,
 * and its e-mail target subscribed to `topicId`.
 */
export async function subscribedReader(call: JsonCall, label: string, options: { language?: string; editor?: boolean; topicId?: string } = {}): Promise<Reader> {
  const email = `${label.toLowerCase()}-${Date.now()}@example.test`;
  const password = `${label}-password-long`;
  const created = await call('POST', '/account', { userId: 'unique()', email, password, name: label }, GUEST_JSON);
  const session = await call('POST', '/account/sessions/email', { email, password }, GUEST_JSON);
  const headers = { ...GUEST_JSON, cookie: session.cookie };
  if (options.language) await call('PATCH', '/account/prefs', { prefs: { language: options.language } }, headers);
  if (options.editor) expect((await call('POST', '/teams/editors/memberships', { userId: created.body.$id, roles: ['editor'] }, KEY_JSON)).status).toBe(201);
  const account = await call('GET', '/account', undefined, headers);
  const targetId = (account.body.targets as { $id: string; providerType: string }[]).find((target) => target.providerType === 'email')!.$id;
  expect((await call('POST', `/messaging/topics/${options.topicId ?? 'updates'}/subscribers`, { subscriberId: 'unique()', targetId }, headers)).status).toBe(201);
  return { userId: created.body.$id as string, email, targetId, headers };
}

/** An SMTP inbox and a server that mails to it (site URL, quick job polling, no abuse limits), for one test file. */
export function useMailingServer(site: { file: string; remove(): void }): { readonly server: TestServer; readonly inbox: SmtpInbox } {
  let server: TestServer | undefined;
  let inbox: SmtpInbox | undefined;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startTestServer({ schemaFile: site.file, env: { SMTP_URL: inbox.url, SITE_URL: 'https://atlas.example', JOBS_POLL_MS: '100', ABUSE_LIMITS: 'disabled' } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
    site.remove();
  });
  return {
    get server() {
      return server!;
    },
    get inbox() {
      return inbox!;
    },
  };
}
