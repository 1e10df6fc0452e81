import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChangeEntry, ShownField } from '../../lib/console/change-entries';
import { consolePaths } from '../../lib/console/paths';
import type { RevertProblem } from '../../pages/console/history/types';
import { ExternalLink } from '../candidates/external-link';
import { ChangeValue } from './change-value';
import { RevertChange } from './revert-change';
import { useConsoleFormat } from './use-console-format';

function useAuthorName(entry: ChangeEntry): string {
  const { t } = useTranslation('console');
  const { author } = entry;
  if (author.kind === 'user') return author.name;
  if (author.kind === 'operator') return author.keyName ? t('history.operatorKey', { key: author.keyName }) : t('history.operator');
  return t('history.guest');
}

/** Which values a change's diff shows: a record made shows only the new ones, a record removed only the old ones. */
interface Sides {
  before: boolean;
  after: boolean;
}

function sidesOf(fields: readonly ShownField[]): Sides {
  const before = fields.some((field) => field.before.kind !== 'empty');
  const after = fields.some((field) => field.after.kind !== 'empty');
  return { before: before || !after, after: after || !before };
}

/** "Name: before → after". */
function FieldDiff({ field, sides }: { field: ShownField; sides: Sides }) {
  const { t } = useTranslation('console');
  const label = t(`attributes.${field.field}`, { defaultValue: field.field });
  const showBefore = sides.before;
  const showAfter = sides.after;
  return (
    <div className="grid gap-x-4 gap-y-1 py-2 sm:grid-cols-[11rem_minmax(0,1fr)]">
      <dt className="font-medium">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-start gap-x-2 gap-y-1">
        {showBefore ? (
          field.before.kind === 'empty' ? (
            <span>
              <span className="sr-only">{t('history.before')} </span>
              <ChangeValue value={field.before} />
            </span>
          ) : (
            <del className="min-w-0 rounded bg-red-50 px-1 text-red-900 decoration-red-700 dark:bg-red-950/50 dark:text-red-200 dark:decoration-red-300">
              <span className="sr-only">{t('history.before')} </span>
              <ChangeValue value={field.before} />
            </del>
          )
        ) : null}
        {showBefore && showAfter ? <span aria-hidden="true">→</span> : null}
        {showAfter ? (
          field.after.kind === 'empty' ? (
            <span>
              <span className="sr-only">{t('history.after')} </span>
              <ChangeValue value={field.after} />
            </span>
          ) : (
            <ins className="min-w-0 rounded bg-green-50 px-1 text-green-950 no-underline dark:bg-green-950/50 dark:text-green-100">
              <span className="sr-only">{t('history.after')} </span>
              <ChangeValue value={field.after} />
            </ins>
          )
        ) : null}
      </dd>
    </div>
  );
}

function ChangeItem({ entry, showRecord, problem, listed }: { entry: ChangeEntry; showRecord: boolean; problem: RevertProblem | undefined; listed: ReadonlySet<string> }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const who = useAuthorName(entry);
  const { record } = entry;
  const sides = sidesOf(entry.fields);
  return (
    <li id={`change-${entry.id}`} className="min-w-0 rounded-lg border border-slate-300 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold break-words">
          {t(`history.actions.${entry.action}`)}
          {showRecord ? (
            <>
              {': '}
              <Link
                to={entry.action === 'delete' ? consolePaths.recordHistory(record.collection, record.documentId) : consolePaths.record(record.collection, record.documentId)}
                className="text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400"
              >
                {record.title}
              </Link>{' '}
              <span className="font-normal text-slate-700 dark:text-slate-300">({t(`collections.${record.collection}.singular`)})</span>
            </>
          ) : null}
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <time dateTime={entry.at}>{format.dateTime(entry.at)}</time> · {t('history.by', { who })}
        </p>
      </div>
      {entry.revertOf ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {listed.has(entry.revertOf) ? (
            <a href={`#change-${entry.revertOf}`} className="underline underline-offset-2">
              {t('history.revertsEarlier')}
            </a>
          ) : (
            t('history.revertsEarlier')
          )}
        </p>
      ) : null}
      <p className="mt-1 text-sm break-words">
        <span className="font-semibold">{t('attributes.source')}:</span>{' '}
        {entry.source === '' ? (
          <span className="italic text-slate-600 dark:text-slate-400">{t('history.noSource')}</span>
        ) : entry.sourceIsUrl ? (
          <ExternalLink href={entry.source}>{entry.source}</ExternalLink>
        ) : (
          <span className="[overflow-wrap:anywhere]">{entry.source}</span>
        )}
      </p>
      <dl className="mt-2 divide-y divide-slate-200 border-t border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
        {entry.fields.map((field) => (
          <FieldDiff key={field.field} field={field} sides={sides} />
        ))}
      </dl>
      <RevertChange changeId={entry.id} problem={problem?.changeId === entry.id ? problem : undefined} />
    </li>
  );
}

/** Changes newest first, each with who, when, its source, a diff per field and a way to revert it. */
export function ChangeList({ entries, showRecord = false, problem }: { entries: readonly ChangeEntry[]; showRecord?: boolean; problem: RevertProblem | undefined }) {
  const listed = new Set(entries.map((entry) => entry.id));
  return (
    <ol className="space-y-4">
      {entries.map((entry) => (
        <ChangeItem key={entry.id} entry={entry} showRecord={showRecord} problem={problem} listed={listed} />
      ))}
    </ol>
  );
}
