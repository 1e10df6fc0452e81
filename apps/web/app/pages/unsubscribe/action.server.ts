import { data } from 'react-router';
import { readUnsubscribeForm } from '../../lib/form-body.server';
import type { UnsubscribeResult } from './types';
import { tokenOf, topicOfToken, unsubscribeByToken } from './unsubscribe-api.server';

/**
 * The page's button and RFC 8058 one-click posts from mail providers: both send
 * `List-Unsubscribe=One-Click` to the link's own address. Answers 200 once unsubscribed (again
 * included), 400 for a token that does not work or another body.
 */
export async function unsubscribeAction(request: Request) {
  const { oneClick } = await readUnsubscribeForm(request);
  const token = tokenOf(request);
  if (!oneClick || !token) return data<UnsubscribeResult>({ invalid: true }, { status: 400 });
  const topic = await topicOfToken(request, token);
  if (!topic || !(await unsubscribeByToken(request, token))) return data<UnsubscribeResult>({ invalid: true }, { status: 400 });
  return data<UnsubscribeResult>({ unsubscribed: true, topic });
}
