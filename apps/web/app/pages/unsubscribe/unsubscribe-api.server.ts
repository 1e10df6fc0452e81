import { AppwriteException } from 'appwrite';
import { visitorHeaders } from '../../lib/appwrite.server';
import { siteEnv } from '../../lib/env.server';
import type { UnsubscribeTopic } from './types';

/** Unsubscribe tokens are the API's to judge; anything far longer than one is not worth sending. */
const TOKEN_MAX_LENGTH = 1024;

export function tokenOf(request: Request): string | null {
  const token = new URL(request.url).searchParams.get('token');
  return token && token.length <= TOKEN_MAX_LENGTH ? token : null;
}

/**
 * `/v1/messaging/unsubscribe` (an extension of the protocol): the token is the only credential, so
 * the visitor's cookies are left out; their address still goes along for the API's abuse limits.
 */
async function unsubscribeCall(request: Request, method: 'GET' | 'POST', token: string): Promise<Response> {
  const env = siteEnv();
  const headers: Record<string, string> = { ...visitorHeaders(request), 'X-Appwrite-Project': env.projectId, Accept: 'application/json' };
  delete headers['Cookie'];
  const url = new URL(`${env.apiEndpoint}/messaging/unsubscribe`);
  if (method === 'GET') url.searchParams.set('token', token);
  else headers['Content-Type'] = 'application/json';
  return fetch(url, { method, headers, body: method === 'POST' ? JSON.stringify({ token }) : undefined });
}

async function failure(response: Response): Promise<AppwriteException> {
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not the API's JSON: the status says enough.
  }
  return new AppwriteException(String(body['message'] ?? text), response.status, String(body['type'] ?? ''), text);
}

/** The topic a token stands for; null when the API refuses the token (400/404). */
export async function topicOfToken(request: Request, token: string): Promise<UnsubscribeTopic | null> {
  const response = await unsubscribeCall(request, 'GET', token);
  if (response.status === 400 || response.status === 404) return null;
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as Partial<UnsubscribeTopic>;
  return { topicId: String(body.topicId ?? ''), topicName: String(body.topicName ?? ''), subscribed: body.subscribed === true };
}

/** Unsubscribes the token's subscriber (again is fine); false when the API refuses the token. */
export async function unsubscribeByToken(request: Request, token: string): Promise<boolean> {
  const response = await unsubscribeCall(request, 'POST', token);
  if (response.status === 400 || response.status === 404) return false;
  if (!response.ok) throw await failure(response);
  return true;
}
