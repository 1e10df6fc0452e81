import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/account/buttons';
import { Notice } from '../../../components/account/alerts';
import { ConsoleLayout } from '../../../components/console/console-layout';
import { ConsoleProblem } from '../../../components/console/console-problem';
import { RecordsTable } from '../../../components/console/records-table';
import { TableSearch } from '../../../components/console/table-search';
import { useConsoleFormat } from '../../../components/console/use-console-format';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { COUNT_CAP } from '../../../lib/format-count';
import { consolePaths } from '../../../lib/console/paths';
import { PAGE_SIZE, rowRange } from '../../../lib/console/table-query';
import type { CollectionData } from './loader.server';

export function CollectionPage({ data }: { data: CollectionData }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const { collection, query, rows, total } = data;
  const plural = t(`collections.${collection}.plural`);
  const range = rowRange(query.page, rows.length, total);
  const totalText = total >= COUNT_CAP ? `${format.number(COUNT_CAP)}+` : format.number(total);
  return (
    <ConsoleLayout active={collection}>
      <PageHeader
        title={plural}
        crumbs={[{ label: t('nav.dashboard'), to: consolePaths.dashboard }, { label: plural }]}
        actions={
          <Link to={consolePaths.newRecord(collection)} className={buttonClass('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            {t(`collections.${collection}.new`)}
          </Link>
        }
      />
      <div className="space-y-4">
        {data.deleted ? <Notice title={t('notices.deleted', { title: data.deleted })} /> : null}
        <TableSearch label={t(`collections.${collection}.search`)} query={query} defaultSort={data.defaultSort} />
        {data.problem ? <ConsoleProblem heading={t('table.failed')} message={data.problem.message} type={data.problem.type} /> : null}
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {rows.length === 0
            ? query.search
              ? t('table.noMatches', { search: query.search })
              : t('table.empty')
            : t('table.range', { first: format.number(range.first), last: format.number(range.last), total: totalText })}
        </p>
        {rows.length > 0 ? (
          <RecordsTable
            collection={collection}
            titleKey={data.titleKey}
            columns={data.columns}
            rows={rows}
            names={data.names}
            query={query}
            defaultSort={data.defaultSort}
            caption={plural}
          />
        ) : null}
        <Pagination page={query.page} pageCount={Math.ceil(Math.min(total, COUNT_CAP) / PAGE_SIZE)} />
      </div>
    </ConsoleLayout>
  );
}
