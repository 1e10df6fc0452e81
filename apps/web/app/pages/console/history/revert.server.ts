import { AppwriteException } from 'appwrite';
import { data, redirect } from 'react-router';
import { revertChange } from '../../../lib/console/history.server';
import { readSource } from '../../../lib/console/source-input';
import type { RevertProblem } from './types';

/**
 * Reverts the change the form names, with its required source; then back to `backTo` (Post/
 * Redirect/Get) saying so, or the problem beside that change.
 */
export async function revertAction(request: Request, form: FormData, backTo: string) {
  const changeId = String(form.get('changeId') ?? '');
  const { source, problem: sourceIssue } = readSource(form, true);
  let problem = sourceIssue;
  let status = 400;
  if (!problem) {
    try {
      await revertChange(request, changeId, source);
      return redirect(`${backTo}?reverted=1#history`);
    } catch (error) {
      if (!(error instanceof AppwriteException)) throw error;
      problem = { field: null, message: error.message, type: error.type ?? '' };
      status = error.code === 409 ? 409 : 400;
    }
  }
  return data({ revert: { changeId, problem, source } satisfies RevertProblem }, { status });
}
