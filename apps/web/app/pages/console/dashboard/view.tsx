import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConsoleLayout } from '../../../components/console/console-layout';
import { PageHeader } from '../../../components/ui/page-header';
import { formatCount } from '../../../lib/format-count';
import { consolePaths } from '../../../lib/console/paths';
import type { DashboardData } from './loader.server';

export function DashboardPage({ data }: { data: DashboardData }) {
  const { t, i18n } = useTranslation('console');
  return (
    <ConsoleLayout active="dashboard">
      <PageHeader title={t('dashboard.title')} description={t('dashboard.welcome', { name: data.name })} />
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {data.counts.map(({ collection, total }) => (
          <li key={collection} className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <h2 className="font-semibold">
              <Link to={consolePaths.collection(collection)} className="text-green-800 underline-offset-4 hover:underline dark:text-green-400">
                {t(`collections.${collection}.plural`)}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {total === null ? t('dashboard.countUnknown') : t('dashboard.count', { total: formatCount(total, i18n.language) })}
            </p>
            <Link to={consolePaths.newRecord(collection)} className="mt-3 inline-flex items-center gap-1.5 self-start text-sm font-semibold text-slate-800 underline underline-offset-4 hover:text-green-800 dark:text-slate-200 dark:hover:text-green-400">
              <Plus aria-hidden="true" className="size-4" />
              {t(`collections.${collection}.new`)}
            </Link>
          </li>
        ))}
      </ul>
    </ConsoleLayout>
  );
}
