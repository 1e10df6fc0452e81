import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { UPDATED_COLUMN, type ConsoleCollectionId, type SortOrder } from '../../lib/console/collections';
import { consolePaths } from '../../lib/console/paths';
import type { RelationNames } from '../../lib/console/relation-options';
import { sortedBy, tableSearch, type TableQuery } from '../../lib/console/table-query';
import { RecordCell, type TableColumn } from './record-cell';

export interface TableRow {
  $id: string;
  title: string;
  values: Record<string, unknown>;
}

interface RecordsTableProps {
  collection: ConsoleCollectionId;
  titleKey: string;
  columns: readonly TableColumn[];
  rows: readonly TableRow[];
  names: RelationNames;
  query: TableQuery;
  defaultSort: SortOrder;
  caption: string;
}

/** Columns that matter least go first when the screen is narrow. */
const SECONDARY_COLUMNS = new Set([UPDATED_COLUMN, 'slug', 'order', 'population', 'registeredVoters', 'leader', 'seats', 'code']);

/**
 * The records of a collection. Column headers sort (a link each, so it works without JavaScript;
 * `aria-sort` says which one does); the title links to the record's form. On narrow screens the
 * table scrolls inside its own focusable region instead of widening the page.
 */
export function RecordsTable({ collection, titleKey, columns, rows, names, query, defaultSort, caption }: RecordsTableProps) {
  const { t } = useTranslation('console');
  const columnLabel = (key: string) => t(`attributes.${key}`, { defaultValue: key });
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">
          {caption}. {t('table.sortHint')}
        </caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            {columns.map((column) => {
              const sorted = query.sort.key === column.key ? query.sort.direction : null;
              const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : column.sortable ? 'none' : undefined}
                  className={cn('whitespace-nowrap px-3 py-2 font-semibold', SECONDARY_COLUMNS.has(column.key) && 'max-md:hidden', column.control?.kind === 'file' && 'w-12')}
                >
                  {column.control?.kind === 'file' ? (
                    <span className="sr-only">{columnLabel(column.key)}</span>
                  ) : column.sortable ? (
                    <Link
                      to={tableSearch(sortedBy(query, column.key), defaultSort) || '?'}
                      className="inline-flex items-center gap-1 rounded hover:text-green-800 hover:underline dark:hover:text-green-400"
                    >
                      {columnLabel(column.key)}
                      <Icon aria-hidden="true" className={cn('size-3.5', !sorted && 'opacity-50')} />
                    </Link>
                  ) : (
                    columnLabel(column.key)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.$id} className="border-t border-slate-200 align-top hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900/60">
              {columns.map((column) => (
                <td key={column.key} className={cn('px-3 py-2', SECONDARY_COLUMNS.has(column.key) && 'max-md:hidden', column.key !== titleKey && 'text-slate-700 dark:text-slate-300')}>
                  {column.key === titleKey ? (
                    <Link to={consolePaths.record(collection, row.$id)} className="font-semibold text-green-800 underline-offset-4 hover:underline dark:text-green-400">
                      {row.title}
                    </Link>
                  ) : (
                    <RecordCell column={column} row={row.values} names={names} />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
