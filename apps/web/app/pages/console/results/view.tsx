import { ChartBarBig } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { Notice } from '../../../components/account/alerts';
import { buttonClass, SubmitButton } from '../../../components/account/buttons';
import { ConsoleLayout } from '../../../components/console/console-layout';
import { controlClass } from '../../../components/console/relation-picker';
import { SourceField, useProblemMessage } from '../../../components/console/source-field';
import { controlBorder } from '../../../components/ui/labelled-control';
import { PageHeader } from '../../../components/ui/page-header';
import { cn } from '../../../lib/cn';
import { consolePaths } from '../../../lib/console/paths';
import { NATIONAL_LOCATION } from '../../../lib/urls';
import { shownField, votesField, type Choice, type ResultsEntryData, type ResultsEntryResult, type RowProblem } from './types';

function ChoiceSelect({ name, label, choices, value, placeholder }: { name: string; label: string; choices: Choice[]; value: string; placeholder: string }) {
  return (
    <div className="min-w-0 flex-1 basis-48">
      <label htmlFor={`race-${name}`} className="block font-semibold">
        {label}
      </label>
      <select id={`race-${name}`} name={name} defaultValue={value} className={cn(controlClass, 'border-slate-400 dark:border-slate-500')}>
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.slug} value={choice.slug}>
            {choice.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Choosing the race: a GET form, so each step works without JavaScript (the place list follows the office chosen). */
function RacePicker({ data }: { data: ResultsEntryData }) {
  const { t } = useTranslation('console');
  const office = data.offices.find((each) => each.slug === data.chosen.office);
  return (
    <Form method="get" className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <ChoiceSelect name="election" label={t('results.election')} choices={data.elections} value={data.chosen.election} placeholder={t('results.choose')} />
      <ChoiceSelect name="office" label={t('results.office')} choices={data.offices} value={data.chosen.office} placeholder={t('results.choose')} />
      {office && office.level !== 'national' ? (
        <ChoiceSelect name="place" label={t('results.place')} choices={data.places} value={data.chosen.place} placeholder={t('results.choose')} />
      ) : (
        <input type="hidden" name="place" value={office ? NATIONAL_LOCATION : ''} />
      )}
      <button type="submit" className={buttonClass('secondary')}>
        {office && office.level !== 'national' && !data.chosen.place ? t('results.next') : t('results.show')}
      </button>
    </Form>
  );
}

function rowMessage(t: (key: string, options?: Record<string, unknown>) => string, problem: RowProblem | undefined): string | undefined {
  if (!problem) return undefined;
  if (problem.kind === 'invalid') return t('results.invalid');
  if (problem.kind === 'conflict') return problem.current === null ? t('results.conflictEmpty') : t('results.conflict', { votes: problem.current });
  return problem.message;
}

/** The race's candidates with a votes field each; one Save writes the rows that changed. */
function VotesForm({ data, result }: { data: ResultsEntryData; result: ResultsEntryResult | undefined }) {
  const { t } = useTranslation('console');
  const failed = result && !result.ok ? result : undefined;
  const sourceMessage = useProblemMessage(failed?.problem);
  const race = data.race!;
  if (race.rows.length === 0) return <p className="text-slate-600 dark:text-slate-400">{t('results.noCandidates')}</p>;
  return (
    // The race stays in the address, so the page answering the save (with or without JavaScript) shows the same race.
    <Form method="post" action={`${consolePaths.results}?${new URLSearchParams(data.chosen).toString()}`} className="space-y-4">
      <input type="hidden" name="election" value={data.chosen.election} />
      <input type="hidden" name="office" value={data.chosen.office} />
      <input type="hidden" name="place" value={data.chosen.place} />
      <div role="region" aria-labelledby="votes-caption" tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="w-full text-left text-sm">
          <caption id="votes-caption" className="sr-only">
            {t('results.caption')}
          </caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">{t('results.ballot')}</th>
              <th scope="col" className="px-3 py-2 font-semibold">{t('results.candidate')}</th>
              <th scope="col" className="px-3 py-2 font-semibold">{t('results.party')}</th>
              <th scope="col" className="px-3 py-2 font-semibold">{t('results.votes')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {race.rows.map((row) => {
              const message = rowMessage((key, options) => t(key, options ?? {}), failed?.rows[row.id]);
              const fieldId = `votes-${row.id}`;
              const typed = failed && failed.rows[row.id] ? failed.values[row.id] : undefined;
              return (
                <tr key={row.id} data-row={row.id} className={message ? 'bg-red-50 dark:bg-red-950/30' : undefined}>
                  <td className="px-3 py-2 tabular-nums">{row.ballotNumber ?? '–'}</td>
                  <th scope="row" className="px-3 py-2 font-semibold">
                    <label htmlFor={fieldId}>{row.name}</label>
                  </th>
                  <td className="px-3 py-2">{row.party ?? t('results.independent')}</td>
                  <td className="px-3 py-2">
                    <input type="hidden" name={shownField(row.id)} value={row.votes ?? ''} />
                    <input
                      // A new field when the stored count changes (after a save), so it shows what is stored now.
                      key={`${row.id}:${row.votes}:${typed ?? ''}`}
                      id={fieldId}
                      name={votesField(row.id)}
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      defaultValue={typed ?? row.votes ?? ''}
                      aria-invalid={message ? true : undefined}
                      aria-describedby={message ? `${fieldId}-error` : undefined}
                      className={cn(controlClass, controlBorder(message), 'mt-0 w-36 tabular-nums')}
                    />
                    {message ? (
                      <p id={`${fieldId}-error`} className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
                        <span className="sr-only">{t('form.errorPrefix')} </span>
                        {message}
                      </p>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <SourceField id="results-source" required value={failed?.source ?? ''} problem={failed?.problem} className="max-w-xl" />
      {sourceMessage && failed?.problem?.field === null ? <p className="text-red-700 dark:text-red-400">{sourceMessage}</p> : null}
      <SubmitButton intent="save-votes" pendingLabel={t('results.saving')}>
        {t('results.save')}
      </SubmitButton>
    </Form>
  );
}

/** Election night: an editor enters a race's votes, every candidate on one screen. */
export function ResultsEntryPage({ data, result }: { data: ResultsEntryData; result: ResultsEntryResult | undefined }) {
  const { t } = useTranslation('console');
  const failedCount = result && !result.ok ? Object.keys(result.rows).length : 0;
  return (
    <ConsoleLayout active="results">
      <PageHeader title={t('results.title')} description={<p>{t('results.intro')}</p>} />
      <RacePicker data={data} />
      {result ? (
        <div role="status" className="mb-4 space-y-2">
          {result.saved > 0 || result.ok ? <Notice>{t('results.saved', { count: result.saved })}</Notice> : null}
          {failedCount > 0 ? <p className="font-semibold text-red-700 dark:text-red-400">{t('results.rowsFailed', { count: failedCount })}</p> : null}
        </div>
      ) : null}
      {data.race ? (
        <>
          {data.race.publicHref ? (
            <p className="mb-3">
              <Link to={data.race.publicHref} className="inline-flex items-center gap-1.5 font-medium text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400">
                <ChartBarBig aria-hidden="true" className="size-4" />
                {t('results.publicView')}
              </Link>
            </p>
          ) : null}
          <VotesForm data={data} result={result} />
        </>
      ) : (
        <p className="text-slate-600 dark:text-slate-400">{t('results.pickRace')}</p>
      )}
    </ConsoleLayout>
  );
}
