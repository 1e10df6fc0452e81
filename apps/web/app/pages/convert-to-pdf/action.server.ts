import { data, redirect } from 'react-router';
import { Visitor } from '../../lib/account/visitor.server';
import { readForm } from '../../lib/form-body.server';
import type { ConvertToPdfData } from './loader.server';
import { exportLanguages, readExportValues, textProblem } from './form-values.server';
import { startExport } from './start-export.server';

const STATUS_OF_PROBLEM = { nameMissing: 400, notFound: 404, textMissing: 400, textTooLong: 400, rateLimited: 429, unavailable: 503 } as const;

/** Starts the export and sends the visitor to its result page (with the session cookie, when one was made). */
export async function convertToPdfAction(request: Request) {
  const visitor = new Visitor(request);
  const values = readExportValues(await readForm(request), visitor.language);
  const languages = exportLanguages();
  const problem = textProblem(values);
  if (problem) return data<ConvertToPdfData>({ view: 'form', form: { values, problem }, languages }, { status: STATUS_OF_PROBLEM[problem] });
  const outcome = await startExport(visitor, values);
  if ('started' in outcome) return redirect(`/convertToPdf?execution=${encodeURIComponent(outcome.started)}`, { headers: visitor.responseHeaders() });
  const status = outcome.form.problem ? STATUS_OF_PROBLEM[outcome.form.problem] : 200;
  return data<ConvertToPdfData>({ view: 'form', form: outcome.form, languages }, { status, headers: visitor.responseHeaders() });
}
