/**
 * Raw HTTP for the durability writers. A request that never gets its answer (the server was
 * killed, or is not up) throws ServerGone: the write it carried is neither acknowledged nor refused.
 */
import { SESSION_COOKIE } from '../../support/account-http.ts';
import { TEST_API_KEY, TEST_PROJECT } from '../../support/test-server.ts';
import { postFilePart, type FilePart } from '../../support/upload-http.ts';

export class ServerGone extends Error {}

/** Who sends a request: the API key, a session token, or nobody. */
export type Caller = { kind: 'key' } | { kind: 'session'; token: string } | { kind: 'guest' };

export const API_KEY: Caller = { kind: 'key' };

export function credentialHeaders(caller: Caller): Record<string, string> {
  if (caller.kind === 'key') return { 'x-appwrite-key': TEST_API_KEY };
  if (caller.kind === 'session') return { cookie: `${SESSION_COOKIE}=${encodeURIComponent(caller.token)}` };
  return {};
}

export interface Answer {
  status: number;
  json: any;
  response: Response;
}

async function answered(sending: Promise<Response>): Promise<Answer> {
  let response: Response;
  let text: string;
  try {
    response = await sending;
    text = await response.text();
  } catch (error) {
    throw new ServerGone(error instanceof Error ? error.message : String(error));
  }
  return { status: response.status, json: text === '' ? undefined : JSON.parse(text), response };
}

export function call(endpoint: string, caller: Caller, method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'x-appwrite-project': TEST_PROJECT, ...credentialHeaders(caller) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return answered(fetch(endpoint + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
}

export function upload(endpoint: string, caller: Caller, bucketId: string, part: Omit<FilePart, 'headers'>): Promise<Answer> {
  return answered(postFilePart(endpoint, bucketId, { ...part, headers: credentialHeaders(caller) }));
}

/** A write the server refused for a reason other than going away: a bug the run reports. */
export class UnexpectedAnswer extends Error {
  constructor(what: string, answer: Answer) {
    super(`${what} → ${answer.status} ${JSON.stringify(answer.json)}`);
  }
}

export function expectStatus(what: string, answer: Answer, ...statuses: number[]): Answer {
  if (!statuses.includes(answer.status)) throw new UnexpectedAnswer(what, answer);
  return answer;
}
