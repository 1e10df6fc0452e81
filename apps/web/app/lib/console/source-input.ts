import { sourceProblem } from '@ballot-atlas/shared/history/change-source';
import type { SaveProblem } from './api-errors';
import type { ConsoleCollectionId } from './collections';

/** The form field that holds a change's source (a URL or a note); the API gets it as X-Ballot-Source. */
export const SOURCE_FIELD = 'source';

/** Problems found before the API is asked; their messages are the console's own, in the editor's language. */
export const SOURCE_REQUIRED = 'source_required';
export const SOURCE_INVALID = 'source_invalid';

/** Candidates are what voters look up: every change to one made in the console says where it comes from. */
export function sourceRequired(collection: ConsoleCollectionId): boolean {
  return collection === 'candidates';
}

/** The source typed into a form, trimmed, or the problem with it (tied to the source field). */
export function readSource(form: FormData, required: boolean): { source: string; problem: SaveProblem | null } {
  const value = form.get(SOURCE_FIELD);
  const source = typeof value === 'string' ? value.trim() : '';
  if (required && source === '') return { source, problem: { field: SOURCE_FIELD, message: '', type: SOURCE_REQUIRED } };
  if (sourceProblem(source)) return { source, problem: { field: SOURCE_FIELD, message: '', type: SOURCE_INVALID } };
  return { source, problem: null };
}

/** Whether a problem is one of the source field's own (its message comes from the console's strings). */
export function isSourceProblem(problem: SaveProblem | null | undefined): boolean {
  return problem?.type === SOURCE_REQUIRED || problem?.type === SOURCE_INVALID;
}
