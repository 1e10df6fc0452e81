import { AppwriteException } from 'appwrite';
import { data } from 'react-router';
import { DATABASE_ID } from '../../../lib/appwrite.server';
import { requireEditor } from '../../../lib/console/editor-access.server';
import { sourcedDatabases } from '../../../lib/console/history.server';
import { readSource } from '../../../lib/console/source-input';
import { readForm } from '../../../lib/form-body.server';
import { chosenRace } from './race.server';
import { parseVotes, shownField, votesField, type ResultsEntryResult, type RowProblem } from './types';

const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * Saves the votes of the rows the editor changed, one write each through the API as the editor,
 * with the source they gave. A row whose count changed in the meantime (another editor) is not
 * overwritten: it is reported with the count it has now. Every other row is saved even when some fail.
 */
export async function resultsEntryAction(request: Request) {
  await requireEditor(request);
  const form = await readForm(request);
  const slugs = { election: text(form, 'election'), office: text(form, 'office'), place: text(form, 'place') };
  const race = await chosenRace(request, slugs);
  if (!race) return data({ message: 'No such race' }, { status: 404 });

  const values: Record<string, string> = {};
  const changes: { id: string; votes: number | null }[] = [];
  const rows: Record<string, RowProblem> = {};
  for (const candidate of race.candidates) {
    const typed = text(form, votesField(candidate.$id));
    values[candidate.$id] = typed;
    const votes = parseVotes(typed);
    const shown = parseVotes(text(form, shownField(candidate.$id)));
    if (votes === undefined) rows[candidate.$id] = { kind: 'invalid' };
    else if (votes === shown) continue;
    else if (shown === undefined || candidate.votes !== shown) rows[candidate.$id] = { kind: 'conflict', current: candidate.votes };
    else changes.push({ id: candidate.$id, votes });
  }
  const { source, problem } = readSource(form, true);
  if (problem && changes.length > 0) return data<ResultsEntryResult>({ ok: false, saved: 0, rows, problem, values, source }, { status: 400 });

  const databases = sourcedDatabases(request, source);
  let saved = 0;
  for (const change of changes) {
    try {
      await databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'candidates', documentId: change.id, data: { votes: change.votes } });
      saved++;
    } catch (error) {
      if (!(error instanceof AppwriteException)) throw error;
      rows[change.id] = { kind: 'api', message: error.message };
    }
  }
  if (Object.keys(rows).length === 0) return data<ResultsEntryResult>({ ok: true, saved });
  return data<ResultsEntryResult>({ ok: false, saved, rows, problem: null, values, source }, { status: 400 });
}
