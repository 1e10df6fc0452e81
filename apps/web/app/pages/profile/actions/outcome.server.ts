import type { Problem } from '../../../lib/account/problem';
import { problemOf, statusOf } from '../../../lib/account/problem.server';
import type { Visitor } from '../../../lib/account/visitor.server';
import type { ProfileIntent, ProfileResult } from '../types';

export interface ActionContext {
  request: Request;
  visitor: Visitor;
  form: FormData;
}

/** What a handler answers: the form's result with its HTTP status, or a redirect. */
export type Outcome = { result: ProfileResult; status: number } | Response;

export type Handler = (context: ActionContext) => Promise<Outcome>;

export function done(intent: ProfileIntent, extra: Omit<ProfileResult, 'intent' | 'at' | 'ok'> = {}): Outcome {
  return { result: { ...extra, intent, at: Date.now(), ok: true }, status: 200 };
}

/** A problem the site found (400) or the API answered (its status). */
export function failed(intent: ProfileIntent, problemOrError: Problem | unknown, extra: Omit<ProfileResult, 'intent' | 'at' | 'problem'> = {}): Outcome {
  const isProblem = typeof problemOrError === 'object' && problemOrError !== null && 'type' in problemOrError && 'message' in problemOrError && !(problemOrError instanceof Error);
  const problem = isProblem ? (problemOrError as Problem) : problemOf(problemOrError);
  return { result: { ...extra, intent, at: Date.now(), problem }, status: isProblem ? 400 : statusOf(problemOrError) };
}
