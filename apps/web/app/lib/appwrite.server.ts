import { Client, Databases } from 'appwrite';
import { failingAsPage } from './api-outage.server';
import { withNativeJson } from './native-json.server';
import { siteEnv } from './env.server';
import { withoutPermissions } from './without-permissions.server';

/**
 * The headers that make an API call count as the visitor's: their cookies (so their session),
 * their address (abuse limits) and their browser (the session and activity lists).
 */
export function visitorHeaders(request: Request): Record<string, string> {
  // The API is usually this process over loopback: compressing for it would only cost both sides CPU.
  const headers: Record<string, string> = { 'Accept-Encoding': 'identity' };
  const cookie = request.headers.get('cookie');
  if (cookie) headers['Cookie'] = cookie;
  const forwarded = request.headers.get('x-forwarded-for');
  if (forwarded) headers['X-Forwarded-For'] = forwarded;
  const agent = request.headers.get('user-agent');
  if (agent) headers['X-Forwarded-User-Agent'] = agent;
  return headers;
}

/**
 * An SDK client for one incoming request: the visitor's cookies and address are forwarded, so the
 * API applies the visitor's permissions and abuse limits, not the web server's. Documents arrive
 * without `$permissions`; when a page (a GET) is being rendered, an API that is down makes the page
 * answer 503 (lib/api-outage.server.ts).
 */
export function serverClient(request: Request): Client {
  const env = siteEnv();
  const client = new Client().setEndpoint(env.apiEndpoint).setProject(env.projectId);
  Object.assign(client.headers, visitorHeaders(request));
  return failingAsPage(withoutPermissions(withNativeJson(client)), request);
}

export function serverDatabases(request: Request): Databases {
  return new Databases(serverClient(request));
}

export const DATABASE_ID = 'main';
