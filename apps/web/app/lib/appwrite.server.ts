import { Client, Databases } from 'appwrite';
import { siteEnv } from './env.server';

/**
 * An SDK client for one incoming request: the visitor's cookies and address are forwarded, so the
 * API applies the visitor's permissions and abuse limits, not the web server's.
 */
export function serverClient(request: Request): Client {
  const env = siteEnv();
  const client = new Client().setEndpoint(env.apiEndpoint).setProject(env.projectId);
  const cookie = request.headers.get('cookie');
  if (cookie) client.setCookie(cookie);
  const forwarded = request.headers.get('x-forwarded-for');
  if (forwarded) client.headers['X-Forwarded-For'] = forwarded;
  const agent = request.headers.get('user-agent');
  if (agent) client.headers['X-Forwarded-User-Agent'] = agent;
  return client;
}

export function serverDatabases(request: Request): Databases {
  return new Databases(serverClient(request));
}

export const DATABASE_ID = 'main';
